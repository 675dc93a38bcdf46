import { META_VEHICLE_FEED_ROUTE } from '@dealership/car-schemas';
import { Public } from '@dealership/server-auth';
import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag } from './car-catalogue-export';
import { MetaVehicleFeed } from './meta-vehicle-feed';

/**
 * `GET /feeds/meta-vehicles.csv` (at the site's root, outside `/api`: the server lists it among its
 * unprefixed routes): the stock as a Meta automotive catalogue, which Meta Commerce Manager fetches
 * on its schedule. 304 when the fetcher has the current version.
 */
@Public()
@Controller()
export class MetaVehicleFeedController {
  constructor(private readonly feed: MetaVehicleFeed) {}

  @Get(META_VEHICLE_FEED_ROUTE)
  async vehicles(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const etag = await this.feed.etag();
    // Shared caches may keep it a few minutes; after that a fetch with the ETag costs a 304.
    void reply.header('etag', etag).header('cache-control', 'public, max-age=300');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    // Compressed (gzip or brotli, as the fetcher accepts) by the server's compression.
    return reply.type('text/csv; charset=utf-8').send(await this.feed.csv());
  }
}
