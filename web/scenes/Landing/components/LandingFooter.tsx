import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-8">
        <div className="flex items-center gap-4">
          <Logo />
          <span className="text-sm text-slate-500">© {new Date().getFullYear()} Switchboard</span>
        </div>
        <nav aria-label="Footer" className="flex gap-6 text-sm text-slate-600">
          <Link to="/privacy" className="hover:text-slate-900">
            Privacy Policy
          </Link>
          <Link to="/sign-in" className="hover:text-slate-900">
            Sign In
          </Link>
        </nav>
      </div>
    </footer>
  );
}
