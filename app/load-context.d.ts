import "react-router";

declare module "react-router" {
  // The flag is on in react-router.config.ts: loaders and actions get a RouterContextProvider
  // (the request's values are read with `requestInfoOf(context)`, app/utils/request-context.ts).
  interface Future {
    v8_middleware: true;
  }
}
