import { CERTIFICATE_MAX_BYTES, type CertificateFile } from '@dealership/inspection-schemas';
import { MediaService } from '@dealership/media-server';
import { Injectable } from '@nestjs/common';
import { InspectionCertificateRepository } from './inspection-certificate.repository';
import { CertificateNotFoundError } from './inspection.errors';

/** An upload no inspection took is deleted after this long (the back office saves within minutes). */
export const UNUSED_CERTIFICATE_MS = 24 * 60 * 60 * 1000;


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
    const { contentType, content, fileName, byteSize, sha256 } = await this.media.privateDocument(file, CERTIFICATE_MAX_BYTES, 'certificate');
    return this.certificates.insert({ contentType, content, fileName, byteSize, sha256 });
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
