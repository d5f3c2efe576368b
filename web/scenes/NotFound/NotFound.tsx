import { Link } from 'react-router';
import { buttonClasses } from '../../components/Button';
import { Logo } from '../../components/Logo';

export function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-5 text-center">
      <Logo className="mb-10" />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-500">
        The page you're looking for doesn't exist or has moved.
      </p>
      <Link to="/" className={`${buttonClasses('primary')} mt-8`}>
        Go to home
      </Link>
    </div>
  );
}
