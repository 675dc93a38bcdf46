import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Brand, BrandCreateFields, BrandUpdateFields } from '@dealership/brand-schemas';
import type { ImageRef } from '@dealership/media-schemas';
import { MediaService } from '@dealership/media-server';
import { slugify, uniqueSlug } from '@dealership/shared-util';
import { Injectable, Logger } from '@nestjs/common';
import { BrandImageNotFoundError, BrandNameTakenError, BrandNotFoundError, BrandSlugConflictError, ForeignBrandImageError } from './brand.errors';
import { BrandRepository, type BrandWriteResult } from './brand.repository';

/** Attempts at a unique slug when another write takes the chosen one between the check and the insert. */
const SLUG_ATTEMPTS = 5;

@Injectable()
export class BrandService {
  private readonly logger = new Logger('BrandService');

  constructor(
    private readonly brands: BrandRepository,
    private readonly media: MediaService,
    private readonly audit: AuditService,
  ) {}

  list(): Promise<Brand[]> {
    return this.brands.all();
  }

  async bySlug(slug: string): Promise<Brand> {
    const brand = await this.brands.bySlug(slug);
    if (!brand) throw new BrandNotFoundError();
    return brand;
  }

  async byId(id: string): Promise<Brand> {
    const brand = await this.brands.byId(id);
    if (!brand) throw new BrandNotFoundError();
    return brand;
  }

  /** Adds a brand under a unique slug; a name taken in any case is a conflict. */
  async create(input: BrandCreateFields, actor: AuditActor): Promise<Brand> {
    const { images, ...fields } = input;
    this.checkOwnImages(images);
    await this.media.checkNotHeldElsewhere(images, { kind: 'brand' });
    const id = await this.withUniqueSlug(fields.name, undefined, (slug) => this.brands.insert({ ...fields, slug }, images));
    await this.media.attach(images.map((image) => image.publicId));
    const brand = await this.byId(id);
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: brand.name, action: 'create', after: brand });
    return brand;
  }

  /** Changes the fields given; a new name gets a new unique slug; a new logo list replaces the old one. */
  async update(input: BrandUpdateFields, actor: AuditActor): Promise<Brand> {
    const { id, images, ...fields } = input;
    const before = await this.byId(id);
    if (images) {
      this.checkOwnImages(images);
      await this.media.checkNotHeldElsewhere(images, { kind: 'brand', id });
    }
    const write = (slug?: string) => this.brands.update(id, slug ? { ...fields, slug } : fields, images);
    if (fields.name !== undefined && fields.name !== before.name) await this.withUniqueSlug(fields.name, id, write);
    else this.unwrap(await write(), fields.name ?? before.name);
    if (images) {
      await this.media.attach(images.map((image) => image.publicId));
      const kept = new Set(images.map((image) => image.publicId));
      await this.removeFromStorage(before.images.map((image) => image.publicId).filter((publicId) => !kept.has(publicId)));
    }
    const after = await this.byId(id);
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: after.name, action: 'update', before, after });
    return after;
  }

  /** Deletes a brand and its logos; its cars stay, without a brand. */
  async remove(id: string, actor: AuditActor): Promise<void> {
    const before = await this.byId(id);
    if (!(await this.brands.remove(id))) throw new BrandNotFoundError();
    await this.removeFromStorage(before.images.map((image) => image.publicId));
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: before.name, action: 'remove', before });
  }

  /** Detaches one logo from a brand and deletes it from storage. */
  async removeImage(brandId: string, publicId: string, actor: AuditActor): Promise<Brand> {
    const before = await this.byId(brandId);
    if (!(await this.brands.removeImage(brandId, publicId))) throw new BrandImageNotFoundError();
    await this.removeFromStorage([publicId]);
    const after = await this.byId(brandId);
    await this.audit.record({
      actor,
      entity: 'brand',
      entityId: brandId,
      label: after.name,
      action: 'removeImage',
      before: { images: before.images },
      after: { images: after.images },
    });
    return after;
  }

  private checkOwnImages(images: ImageRef[]): void {
    const foreign = images.findIndex((image) => !this.media.isOwnImage(image));
    if (foreign >= 0) throw new ForeignBrandImageError(`images.${foreign}`);
  }

  private async withUniqueSlug(name: string, brandId: string | undefined, write: (slug: string) => Promise<BrandWriteResult>): Promise<string> {
    const base = slugify(name) || 'item';
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      const slug = uniqueSlug(base, await this.brands.slugsLike(base, brandId));
      const result = await write(slug);
      if (result.ok || result.reason !== 'slug-taken') return this.unwrap(result, name);
    }
    throw new BrandSlugConflictError();
  }

  private unwrap(result: BrandWriteResult, name: string): string {
    if (result.ok) return result.id;
    if (result.reason === 'name-taken') throw new BrandNameTakenError(name);
    if (result.reason === 'not-found') throw new BrandNotFoundError();
    throw new BrandSlugConflictError();
  }

  /**
   * Deletes logos from storage after the database let go of them, but not a file another brand
   * still shows (files are named by their content); a storage failure is logged, not answered.
   */
  private async removeFromStorage(publicIds: string[]): Promise<void> {
    const inUse = await this.brands.imagesInUse(publicIds);
    for (const publicId of publicIds.filter((id) => !inUse.has(id))) {
      await this.media.remove(publicId).catch((error: unknown) => this.logger.warn(`Could not delete image from storage: ${(error as Error).name}`));
    }
  }
}
