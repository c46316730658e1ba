import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// zod's `.openapi()` (the OpenAPI document's descriptions, app/web/api-doc.server.ts), added once for the process. The
// answers' schemas (app/domain/api-schemas.server.ts and the services) and the API descriptions import this first.
extendZodWithOpenApi(z);
