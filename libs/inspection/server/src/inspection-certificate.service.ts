import { CERTIFICATE_MAX_BYTES, type CertificateFile } from '@dealership/inspection-schemas';
import { MediaService } from '@dealership/media-server';
import { megabytes } from '@dealership/server-core';
import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InspectionCertificateRepository } from './inspection-certificate.repository';
import { CertificateNotFoundError } from './inspection.errors';

/** An upload no inspection took is deleted after this long (the back office saves within minutes). */
export const UNUSED_CERTIFICATE_MS = 24 * 60 * 60 * 1000;

/** A PDF starts with `%PDF-` (within its first 1024 bytes, by the specification; at 0 in practice). */
const isPdf = (data: Buffer) => data.subarray(0, 1024).includes('%PDF-');

/** A certificate's bytes to send, with what the download needs. */
export interface CertificateDownload {
  contentType: string;
  fileName: string;
  sha256: string;
  content: Buffer;
  /** Whether buyers may see it (a shared cache may then keep it). */
  shownPublicly: boolean;
}

/**
 * The pre-shipment inspection certificates (issue 44): a PDF kept as sent, or a picture re-encoded
 * as every upload is (no metadata); kept in the database and shown to buyers only through an
 * inspection staff made public.
 */
@Injectable()
export class InspectionCertificateService {
  constructor(
    private readonly certificates: InspectionCertificateRepository,
    private readonly media: MediaService,
  ) {}

  async store(file: { data: Buffer; fileName: string }): Promise<CertificateFile> {
    if (file.data.length > CERTIFICATE_MAX_BYTES) throw new DomainError(ErrorCode.PayloadTooLarge, `The certificate is larger than ${megabytes(CERTIFICATE_MAX_BYTES)}`, 'file');
    const baseName = (file.fileName.replace(/[^\w .()-]+/g, '').replace(/\.[^.]*$/, '').trim() || 'certificate').slice(0, 80);
    let stored: { contentType: 'application/pdf' | 'image/webp'; content: Buffer; fileName: string };
    if (isPdf(file.data)) stored = { contentType: 'application/pdf', content: file.data, fileName: `${baseName}.pdf` };
    else {
      try {
        stored = { contentType: 'image/webp', content: (await this.media.reencode(file.data)).data, fileName: `${baseName}.webp` };
      } catch (error) {
        // The picture's own refusals name `file`; the type refusal says what a certificate may be.
        if (error instanceof DomainError && error.code === ErrorCode.UnsupportedMediaType) {
          throw new DomainError(ErrorCode.UnsupportedMediaType, 'The certificate must be a PDF or a JPEG, PNG, WebP or AVIF picture', 'file');
        }
        throw error;
      }
    }
    return this.certificates.insert({ ...stored, byteSize: stored.content.length, sha256: createHash('sha256').update(stored.content).digest('hex') });
  }

  /** The descriptions of the certificates named, by id. */
  describe(ids: readonly string[]): Promise<Map<string, CertificateFile>> {
    return this.certificates.describe(ids);
  }

  /** A certificate's file for a buyer (only one an inspection shows publicly) or for staff (any). */
  async download(id: string, staff: boolean): Promise<CertificateDownload> {
    const found = await this.certificates.file(id);
    if (!found || (!staff && !found.shownPublicly)) throw new CertificateNotFoundError();
    return { contentType: found.contentType, fileName: found.fileName, sha256: found.sha256, content: found.content, shownPublicly: found.shownPublicly };
  }

  /** Deletes certificates no inspection names: those listed at once, any other after a day. */
  removeUnused(now = new Date(), only?: readonly string[]): Promise<number> {
    return this.certificates.removeUnused(only ? now : new Date(now.getTime() - UNUSED_CERTIFICATE_MS), only);
  }
}
