import { TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from './Button';
import { Logo } from './Logo';

/** The last-resort screen when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isNotFound) console.error('Route error', error);

  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-5 text-center">
      <Logo className="mb-10" />
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-500 ring-1 ring-red-100">
        <TriangleAlertIcon className="size-6" />
      </div>
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">
        {isNotFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">
        {isNotFound
          ? "The page you're looking for doesn't exist or has moved."
          : 'An unexpected error occurred while loading this page. Reloading usually fixes it.'}
      </p>
      <div className="mt-8 flex gap-3">
        {!isNotFound && <Button onClick={() => window.location.reload()}>Reload page</Button>}
        <Link to="/" className={buttonClasses('secondary')}>
          Go to home
        </Link>
      </div>
    </div>
  );
}
