import {
  BrandBySlugInputSchema,
  BrandCreateInputSchema,
  BrandRemoveImageInputSchema,
  BrandRemoveInputSchema,
  BrandUpdateInputSchema,
} from '@dealership/brand-schemas';
import { CarService } from '@dealership/car-server';
import { MediaService } from '@dealership/media-server';
import { AdminOnly, CurrentUser, Public } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { fromLegacyImage, type LegacyFormFile, LegacyMessageBodySchema, listOf, parseLegacyInput, readLegacyForm } from '@dealership/server-legacy-rest';
import { RestRoute, type RestRouteDoc } from '@dealership/server-openapi';
import { type AuthUser, MAX_PAGE_SIZE } from '@dealership/shared-schemas';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BrandImageEntryError } from './brand.errors';
import {
  legacyBrandBodySchema,
  LegacyBrandListResponseSchema,
  LegacyBrandResponseSchema,
  LegacyBrandWithCarsResponseSchema,
  toLegacyBrand,
  toLegacyBrandWithCars,
} from './brand.legacy-mapper';
import { BrandService } from './brand.service';

/** `data:image/...;base64,...`: the legacy client's way of sending a brand logo. */
const DATA_URL = /^data:[\w.+/-]*(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

const BrandIdParams = z.object({ brandId: BrandRemoveInputSchema.shape.id });
const BrandImageQuery = z.object({ image: BrandRemoveImageInputSchema.shape.publicId });
/** What a logo upload in a brand write may answer (the media pipeline's checks). */
const LOGO_ERRORS: RestRouteDoc['responses'] = {
  409: 'The name is taken (in any case), or a logo belongs to another car or brand.',
  413: 'A logo file or data URL is too large.',
  415: 'A logo is not a JPEG, PNG, WebP or AVIF image.',
  502: 'The image store (Cloudinary) did not answer; nothing was saved.',
};

/** The legacy `/api/brand/...` REST paths, in their response shapes. Reads are public; writes are admin-only. */
@Public()
@Controller('brand')
export class BrandController {
  constructor(
    private readonly brands: BrandService,
    private readonly cars: CarService,
    private readonly media: MediaService,
  ) {}

  /** Brands with their logos only: the legacy server embedded every car of every brand here. */
  @Get('getAll-brand')
  @RestRoute({ summary: 'Every brand, with its logos (no cars)', responses: { 200: { description: 'The brands.', schema: LegacyBrandListResponseSchema } } })
  async getAll() {
    return { success: true, message: 'All Brands', brands: (await this.brands.list()).map(toLegacyBrand) };
  }

  /** A brand with its listed cars (newest first, bounded), as the legacy brand page read it. */
  @Get('getBrandBtId-brand/:slug')
  @RestRoute({
    summary: 'A brand by its slug, with its listed cars, newest first',
    params: BrandBySlugInputSchema,
    responses: { 200: { description: 'The brand and its cars.', schema: LegacyBrandWithCarsResponseSchema }, 404: 'Brand not found.' },
  })
  async bySlug(@Param('slug') slug: string) {
    const input = parseOrThrow(BrandBySlugInputSchema, { slug });
    const brand = await this.brands.bySlug(input.slug);
    const cars = await this.cars.allOfBrand(brand.id, MAX_PAGE_SIZE * 10);
    return { success: true, message: 'Brand fetched', brand: toLegacyBrandWithCars(brand, cars) };
  }

  /** Multipart or JSON: `name` and repeated `documents` (image data URLs, image files, or `{url, public_id}` JSON). */
  @AdminOnly()
  @Post('create-brand')
  @HttpCode(201)
  @RestRoute({
    summary: 'Creates a brand',
    body: {
      description: '`name`, optional `description`, and the logos as repeated `documents`: multipart (the legacy form) or JSON.',
      json: legacyBrandBodySchema(BrandCreateInputSchema, 'documents', 'json'),
      multipart: legacyBrandBodySchema(BrandCreateInputSchema, 'documents', 'multipart'),
    },
    responses: {
      201: { description: 'The brand, created.', schema: LegacyBrandResponseSchema },
      400: '`Brand name is required`, then `Please upload Brand Image`, or another invalid field or logo.',
      ...LOGO_ERRORS,
    },
  })
  async create(@Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields, files } = await readLegacyForm(request, body);
    const names = { images: 'documents' };
    const entries = [...(listOf(fields.documents) ?? []), ...files.filter((f) => f.field === 'documents')];
    // The name is checked first and no image is stored for a form that fails on it (spec §5's order).
    const draft = { name: fields.name, description: fields.description, images: entries.length > 0 ? undefined : [] };
    parseLegacyInput(BrandCreateInputSchema.pick({ name: true, description: true }), draft, names);
    if (entries.length === 0) parseLegacyInput(BrandCreateInputSchema, draft, names);
    const { refs, uploaded } = await this.resolveImages(entries, 'documents');
    try {
      const input = parseLegacyInput(BrandCreateInputSchema, { ...draft, images: refs }, names);
      const brand = await this.brands.create(input, user);
      return { success: true, message: 'Brand Created Successfully', brand: toLegacyBrand(brand) };
    } catch (error) {
      await this.discard(uploaded);
      throw error;
    }
  }

  /** Multipart or JSON: `name` and repeated `image` (data URLs, files or `{url, public_id}` JSON: the new logo list). */
  @AdminOnly()
  @Put('update-brand/:brandId')
  @RestRoute({
    summary: 'Updates a brand (only the fields sent; the logos sent replace the list)',
    params: BrandIdParams,
    body: {
      description: '`name`, `description` and the new logo list as repeated `image`: multipart (the legacy form) or JSON.',
      json: legacyBrandBodySchema(BrandUpdateInputSchema, 'image', 'json'),
      multipart: legacyBrandBodySchema(BrandUpdateInputSchema, 'image', 'multipart'),
    },
    responses: { 200: { description: 'The brand, updated.', schema: LegacyBrandResponseSchema }, 404: 'No such brand.', ...LOGO_ERRORS },
  })
  async update(@Param('brandId') brandId: string, @Req() request: FastifyRequest, @Body() body: unknown, @CurrentUser() user: AuthUser) {
    const { fields, files } = await readLegacyForm(request, body);
    const names = { id: 'brandId', images: 'image' };
    const entries = [...(listOf(fields.image) ?? []), ...files.filter((f) => f.field === 'image')];
    const draft = { id: brandId, name: fields.name, description: fields.description };
    parseLegacyInput(BrandUpdateInputSchema, draft, names);
    const { refs, uploaded } = await this.resolveImages(entries, 'image');
    try {
      const input = parseLegacyInput(BrandUpdateInputSchema, { ...draft, images: entries.length > 0 ? refs : undefined }, names);
      const brand = await this.brands.update(input, user);
      return { success: true, message: 'Brand Updated Successfully', brand: toLegacyBrand(brand) };
    } catch (error) {
      await this.discard(uploaded);
      throw error;
    }
  }

  /** Detaches a logo (`?image=<public_id>`) from the brand and deletes it from storage. */
  @AdminOnly()
  @Delete('delete-brand-image/:brandId')
  @RestRoute({
    summary: 'Detaches a logo from the brand and deletes it from storage',
    params: BrandIdParams,
    query: BrandImageQuery,
    responses: { 200: { description: 'The brand without the logo.', schema: LegacyBrandResponseSchema }, 404: 'No such brand, or the brand has no such logo.' },
  })
  async removeImage(@Param('brandId') brandId: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(BrandRemoveImageInputSchema, { brandId, publicId: query.image }, { publicId: 'image' });
    const brand = await this.brands.removeImage(input.brandId, input.publicId, user);
    return { success: true, message: 'Image deleted', brand: toLegacyBrand(brand) };
  }

  /** Deletes the brand; its cars stay, without a brand. */
  @AdminOnly()
  @Delete('delete-brand/:brandId')
  @RestRoute({
    summary: 'Deletes a brand and its logos; its cars stay, without a brand',
    params: BrandIdParams,
    responses: { 200: { description: 'Deleted.', schema: LegacyMessageBodySchema }, 404: 'No such brand.' },
  })
  async remove(@Param('brandId') brandId: string, @CurrentUser() user: AuthUser) {
    const input = parseLegacyInput(BrandRemoveInputSchema, { id: brandId }, { id: 'brandId' });
    await this.brands.remove(input.id, user);
    return { success: true, message: 'Brand Deleted Successfully' };
  }

  /**
   * Legacy image entries as image refs: data URLs and files go through the media pipeline (sniffed,
   * re-encoded, stored); `{url, public_id}` entries pass on for the service to check they are ours.
   */
  private async resolveImages(entries: (unknown | LegacyFormFile)[], field: string): Promise<{ refs: unknown[]; uploaded: string[] }> {
    const refs: unknown[] = [];
    const uploaded: string[] = [];
    try {
      for (const [index, entry] of entries.entries()) {
        const isFile = typeof entry === 'object' && entry !== null && Buffer.isBuffer((entry as LegacyFormFile).data);
        const dataUrl = typeof entry === 'string' ? DATA_URL.exec(entry) : null;
        if (typeof entry === 'string' && entry.startsWith('data:') && !dataUrl) throw new BrandImageEntryError(`${field}.${index}`);
        if (isFile || dataUrl) {
          const data = isFile ? (entry as LegacyFormFile).data : Buffer.from((dataUrl as RegExpExecArray)[1], 'base64');
          const image = await this.media.upload({ data, fileName: isFile ? (entry as LegacyFormFile).fileName : 'brand' });
          uploaded.push(image.publicId);
          refs.push({ url: image.url, publicId: image.publicId });
        } else {
          refs.push(fromLegacyImage(entry));
        }
      }
    } catch (error) {
      await this.discard(uploaded);
      throw error;
    }
    return { refs, uploaded };
  }

  /** Takes back uploads of a form that failed, so nothing waits a day for the sweep. */
  private async discard(publicIds: string[]): Promise<void> {
    for (const publicId of publicIds) await this.media.removeUnattached(publicId).catch(() => undefined);
  }
}
