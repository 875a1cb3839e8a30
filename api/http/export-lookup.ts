/** The export a `/settings/exports/{id}/...` route names, in the caller's tenant, or a 404. */
import type { Request } from 'express';
import type { ExportDocument } from '../../core/export/export-record';
import type { ApiContext } from '../context';
import { notFound } from './http-error';

export type ExportRequest = Request<{ id: string }>;

export async function exportOf(context: ApiContext, req: ExportRequest): Promise<ExportDocument> {
  const exp = await context.exports.exports.find(req.principal.tenant, req.params.id);
  if (!exp) throw notFound('No such export');
  return exp;
}
