import { AppRouterFactory } from '@dealership/app-router';
import { ACCESS_KEY, type Access, DEFAULT_ACCESS } from '@dealership/server-auth';
import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { REST_PREFIX, UNPREFIXED_ROUTES } from '../create-app';

/** A REST route as Nest declares it: `GET car/getAll-car`, without the /api prefix, and its access level. */
export interface DeclaredRoute {
  route: string;
  method: string;
  path: string;
  access: Access;
}

/** Every REST route the Nest app serves, with the access level its metadata gives it, sorted. */
export function declaredRestRoutes(app: INestApplication): DeclaredRoute[] {
  const reflector = app.get(Reflector);
  const routes: DeclaredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const base = reflector.get<string | undefined>(PATH_METADATA, metatype) ?? '';
      for (const name of Object.getOwnPropertyNames(metatype.prototype)) {
        if (name === 'constructor') continue;
        const handler: unknown = metatype.prototype[name];
        if (typeof handler !== 'function') continue;
        const path = reflector.get<string | undefined>(PATH_METADATA, handler);
        if (path === undefined) continue;
        const method = RequestMethod[reflector.get<RequestMethod>(METHOD_METADATA, handler)];
        const full = [base, path]
          .map((p) => p.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/');
        const access = reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [handler, metatype]) ?? DEFAULT_ACCESS;
        routes.push({ route: `${method} ${full}`, method, path: full, access });
      }
    }
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** The URL path of a declared route's `path` (params left as they are). */
export function urlOfRoute(path: string): string {
  return (UNPREFIXED_ROUTES as readonly string[]).includes(path) ? `/${path}` : `/${REST_PREFIX}/${path}`;
}

/** Every tRPC procedure of the app's router with its type, sorted by path. */
export function declaredProcedures(app: INestApplication): { path: string; type: 'query' | 'mutation' | 'subscription' }[] {
  const procedures = app.get(AppRouterFactory).create()._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}
