import { lazy, Suspense, useState } from 'react';
import { CallToAction } from './components/CallToAction';
import { Features } from './components/Features';
import { Hero } from './components/Hero';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { Pricing } from './components/Pricing';

// The form's dialog (and React Aria with it) is downloaded when a visitor asks for early access.
const EarlyAccessModal = lazy(() =>
  import('./components/EarlyAccessModal').then((m) => ({ default: m.EarlyAccessModal })),
);

export function Landing() {
  const [isEarlyAccessOpen, setIsEarlyAccessOpen] = useState(false);
  const openEarlyAccess = () => setIsEarlyAccessOpen(true);

  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader onEarlyAccess={openEarlyAccess} />
      <main>
        <Hero onEarlyAccess={openEarlyAccess} />
        <Features />
        <Pricing onEarlyAccess={openEarlyAccess} />
        <CallToAction onEarlyAccess={openEarlyAccess} />
      </main>
      <LandingFooter />
      {isEarlyAccessOpen && (
        <Suspense fallback={null}>
          <EarlyAccessModal isOpen onClose={() => setIsEarlyAccessOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
