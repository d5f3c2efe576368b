import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { Logo } from '../../../components/Logo';

export function LandingHeader({ onEarlyAccess }: { onEarlyAccess: () => void }) {
  return (
    <header className="absolute inset-x-0 top-0 z-20">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 sm:px-8">
        <Logo inverted />
        <nav aria-label="Main" className="hidden items-center gap-8 text-sm text-ink-100/80 md:flex">
          <a href="#features" className="transition-colors hover:text-white">
            Features
          </a>
          <a href="#pricing" className="transition-colors hover:text-white">
            Pricing
          </a>
          <Link to="/privacy" className="transition-colors hover:text-white">
            Privacy
          </Link>
        </nav>
        <div className="flex items-center gap-2 sm:gap-3">
          <Link
            to="/sign-in"
            className="rounded-lg px-3 py-2 text-sm font-medium text-white/90 transition-colors hover:bg-white/10 hover:text-white"
          >
            Sign In
          </Link>
          <Button variant="brand" size="sm" onClick={onEarlyAccess}>
            Get Early Access
          </Button>
        </div>
      </div>
    </header>
  );
}
