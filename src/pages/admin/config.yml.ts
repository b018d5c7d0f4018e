import type { APIRoute } from 'astro';
import { stringify } from 'yaml';
import { collections } from '../../content.config';
import { cmsConfig, repoFromEnvironment } from '../../lib/cms/config';
import { siteSchema } from '../../site';

// The CMS reads /admin/config.yml; it is generated from the content schemas at every build.
export const GET: APIRoute = () => {
  const config = cmsConfig(collections, siteSchema, {
    repo: repoFromEnvironment(process.env),
    siteUrl: process.env.URL,
  });
  const header = '# Generated from the content schemas by src/pages/admin/config.yml.ts; do not edit.\n';
  return new Response(header + stringify(config, { lineWidth: 0 }), {
    headers: { 'Content-Type': 'application/yaml; charset=utf-8' },
  });
};
