// A new request with trip screenshots travels as multipart: the same fields (lists as JSON text)
// plus one tripImages part per file (docs/product-spec.md section 7).
import type { RequestBody } from '#protocol/schemas/requests.ts';

export function requestFormData(body: RequestBody, files: readonly File[]): FormData {
  const data = new FormData();
  data.append('type', body.type);
  data.append('date', body.date);
  data.append('additionalDates', JSON.stringify(body.additionalDates));
  data.append('desiredDates', JSON.stringify(body.desiredDates));
  data.append('routeType', body.routeType);
  if (body.route) data.append('route', body.route);
  if (body.reservePeriod) data.append('reservePeriod', body.reservePeriod);
  if (body.tripDays !== null) data.append('tripDays', String(body.tripDays));
  if (body.notes) data.append('notes', body.notes);
  if (body.autoAccept !== undefined) data.append('autoAccept', String(body.autoAccept));
  if (body.clientKey) data.append('clientKey', body.clientKey);
  for (const file of files) data.append('tripImages', file, file.name);
  return data;
}
