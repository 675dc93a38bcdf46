import { type AuditActor, AuditService } from '@dealership/audit-server';
import type { Brand, BrandCreateFields, BrandUpdateFields } from '@dealership/brand-schemas';
import { MediaService } from '@dealership/media-server';
import { CatalogueWriter } from '@dealership/car-server';
import { Injectable, Logger } from '@nestjs/common';
import { BrandImageNotFoundError, BrandNameTakenError, BrandNotFoundError, BrandSlugConflictError, ForeignBrandImageError } from './brand.errors';
import { BrandRepository } from './brand.repository';

@Injectable()
export class BrandService {
  private readonly logger = new Logger('BrandService');
  private readonly writes: CatalogueWriter<'name-taken' | 'not-found'>;

  constructor(
    private readonly brands: BrandRepository,
    media: MediaService,
    private readonly audit: AuditService,
  ) {
    this.writes = new CatalogueWriter({
      kind: 'brand',
      media,
      store: brands,
      foreignImage: (field) => new ForeignBrandImageError(field),
      slugConflict: () => new BrandSlugConflictError(),
      failure: (reason, name) => (reason === 'name-taken' ? new BrandNameTakenError(name as string) : new BrandNotFoundError()),
      warn: (message) => this.logger.warn(message),
    });
  }

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
    await this.writes.checkImages(images);
    const id = await this.writes.withUniqueSlug(fields.name, undefined, (slug) => this.brands.insert({ ...fields, slug }, images));
    await this.writes.imagesSaved(images);
    const brand = await this.byId(id);
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: brand.name, action: 'create', after: brand });
    return brand;
  }

  /** Changes the fields given; a new name gets a new unique slug; a new logo list replaces the old one. */
  async update(input: BrandUpdateFields, actor: AuditActor): Promise<Brand> {
    const { id, images, ...fields } = input;
    const before = await this.byId(id);
    if (images) await this.writes.checkImages(images, id);
    const write = (slug?: string) => this.brands.update(id, slug ? { ...fields, slug } : fields, images);
    if (fields.name !== undefined && fields.name !== before.name) await this.writes.withUniqueSlug(fields.name, id, write);
    else this.writes.unwrap(await write(), fields.name ?? before.name, id);
    if (images) await this.writes.imagesSaved(images, before.images);
    const after = await this.byId(id);
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: after.name, action: 'update', before, after });
    return after;
  }

  /** Deletes a brand and its logos; its cars stay, without a brand. */
  async remove(id: string, actor: AuditActor): Promise<void> {
    const before = await this.byId(id);
    if (!(await this.brands.remove(id))) throw new BrandNotFoundError();
    await this.writes.removeFromStorage(before.images.map((image) => image.publicId));
    await this.audit.record({ actor, entity: 'brand', entityId: id, label: before.name, action: 'remove', before });
  }

  /** Detaches one logo from a brand and deletes it from storage. */
  async removeImage(brandId: string, publicId: string, actor: AuditActor): Promise<Brand> {
    const before = await this.byId(brandId);
    if (!(await this.brands.removeImage(brandId, publicId))) throw new BrandImageNotFoundError();
    await this.writes.removeFromStorage([publicId]);
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
}
