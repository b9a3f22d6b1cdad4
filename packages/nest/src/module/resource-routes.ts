import { StreamableFile } from '@nestjs/common';
import type { ResourceAggregateQueryDTO } from '../dto/aggregate-query.dto.js';
import type { ResourceExport } from '../export/resource-export.js';
import type { QueryDelegate } from '../model/delegate.types.js';
import type { ReadContext, Resource } from '../resource/resource.js';
import type { ResourceGroups } from '../resource/resource-aggregate.js';

// The bodies of `ResourceController`'s routes that do more than call the resource once, kept here so
// the controller stays a list of routes.

/**
 * `GET /aggregate`: with `by`, the groups (`{ items }`, `Resource#groupBy`); without, the aggregate
 * object (`Resource#aggregate`, which refuses `orderBy` and `having` as keys it does not take).
 */
export function aggregateRoute(
  resource: Resource<QueryDelegate, object, unknown>,
  query: ResourceAggregateQueryDTO,
  read: ReadContext<unknown>,
): Promise<ResourceGroups | unknown> {
  const { by, ...rest } = query;
  return by === undefined ? resource.aggregate(rest, read) : resource.groupBy({ ...rest, by }, read);
}

/** `GET /export`'s answer: the export's byte stream as a download. */
export function exportFile(exported: ResourceExport<unknown>): StreamableFile {
  return (
    new StreamableFile(exported.toStream(), {
      type: exported.contentType,
      disposition: `attachment; filename="${exported.fileName}"`,
    })
      // After the first byte there is no status left to send: the response is cut off (no
      // final chunk), which a client sees as a network error, never as a complete file.
      .setErrorHandler((_error, response) => {
        (response as { destroy(): void }).destroy();
      })
      // A batch's error was classified and given to `errorLogger` where it was thrown.
      .setErrorLogger(() => undefined)
  );
}
