// Types that turn an OpenAPI `paths` interface (as openapi-typescript writes it from /api/openapi.json) into the
// client's call signatures: which paths take a method, their path parameters, JSON body and the `data` of the answer.

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The paths of `P` that answer `M`. */
export type PathsWith<P, M extends HttpMethod> = {
  [K in keyof P]: P[K] extends { [X in M]: object } ? K : never;
}[keyof P] &
  string;

type OperationOf<P, K, M extends HttpMethod> = K extends keyof P ? (P[K] extends { [X in M]: infer O } ? O : never) : never;

type PathParams<O> = O extends { parameters: { path: infer A } } ? ([A] extends [undefined] ? never : A) : never;
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : never;
type MultipartBody<O> = O extends { requestBody: { content: { 'multipart/form-data': unknown } } } ? FormData : never;

/** What a call takes besides its path: `params` when the path has {placeholders}, `body` when it has one. */
export type CallInit<O> = ([PathParams<O>] extends [never]
  ? { params?: undefined }
  : undefined extends PathParams<O>
    ? { params?: PathParams<O> }
    : { params: PathParams<O> }) &
  ([JsonBody<O> | MultipartBody<O>] extends [never]
    ? { body?: undefined }
    : undefined extends JsonBody<O>
      ? { body?: JsonBody<O> }
      : { body: JsonBody<O> | MultipartBody<O> }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type Ok<R> = R extends { 200: { content: { 'application/json': { data: infer D } } } }
  ? D
  : R extends { 204: unknown }
    ? undefined
    : unknown;

/** True when every field of T is optional (the call's init may be left out). */
export type AllOptional<T> = Partial<T> extends T ? true : false;

/** The `data` of the call's 200 answer (`undefined` for a 204). */
export type CallData<O> = O extends { responses: infer R } ? Ok<R> : unknown;

export type Operation<P, K, M extends HttpMethod> = OperationOf<P, K, M>;

/** Any path, any parameters: the shape used before a `paths` type is given. */
export type AnyPaths = Record<
  string,
  Record<
    HttpMethod,
    {
      parameters: { path: Record<string, string | number> | undefined };
      requestBody?: { content: { 'application/json': unknown } };
      responses: { 200: { content: { 'application/json': { data: any } } } };
    }
  >
>;
