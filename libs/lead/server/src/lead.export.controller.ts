import { LeadListInputSchema, LEAD_KIND_LABELS } from '@dealership/lead-schemas';
import { CurrentUser, OwnerOnly } from '@dealership/server-auth';
import { parseOrThrow } from '@dealership/server-core';
import { RestRoute } from '@dealership/server-openapi';
import type { AuthUser } from '@dealership/shared-schemas';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { LeadService } from './lead.service';

/** The inbox's filters, as query parameters (no page: every lead that matches). */
const LeadExportQuerySchema = LeadListInputSchema.omit({ page: true, pageSize: true });

const COLUMNS = ['Received', 'Kind', 'Status', 'Name', 'Phone', 'Email', 'Car', 'Assignee', 'First response', 'Follow up on', 'Message', 'Latest note', 'Source page'];

/**
 * The leads list as CSV for owners (Excel, Google Sheets): UTF-8 with a byte-order mark so Excel
 * reads Swahili names and the shilling right, quoted by `csv-stringify`, streamed in batches so
 * 100,000 leads never sit in memory at once.
 */
@Controller('leads')
export class LeadExportController {
  constructor(private readonly leads: LeadService) {}

  @OwnerOnly()
  @Get('export.csv')
  @RestRoute({
    tag: 'lead',
    summary: 'Every lead matching the inbox filters, as CSV (owners)',
    query: LeadExportQuerySchema,
    responses: { 200: { description: 'UTF-8 with a byte-order mark, one row per lead, oldest first.', content: { 'text/csv': z.string() } } },
  })
  async export(@Query() query: unknown, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const filters = parseOrThrow(LeadExportQuerySchema, query);
    const rows = Readable.from(
      (async function* (service: LeadService) {
        for await (const batch of service.exportRows(filters, user.id)) {
          for (const lead of batch) {
            yield [
              lead.createdAt,
              LEAD_KIND_LABELS[lead.kind],
              lead.status,
              lead.name,
              lead.phone,
              lead.email ?? '',
              lead.car?.name ?? '',
              lead.assignee?.name ?? '',
              lead.firstResponseAt ?? '',
              lead.followUpOn ?? '',
              lead.message,
              lead.note ?? '',
              lead.sourcePage ?? '',
            ];
          }
        }
      })(this.leads),
    );
    // A cell a spreadsheet would read as a formula (= + - @, tab, CR: a visitor typed it) starts with an
    // apostrophe, so it is text (OWASP's CSV injection advice; csv-stringify's `escape_formulas`).
    const csv = rows.pipe(stringify({ header: true, columns: COLUMNS, bom: true, escape_formulas: true }));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  }
}
