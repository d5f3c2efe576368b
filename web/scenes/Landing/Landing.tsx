import { useState } from 'react';
import { CallToAction } from './components/CallToAction';
import { EarlyAccessModal } from './components/EarlyAccessModal';
import { Features } from './components/Features';
import { Hero } from './components/Hero';
import { LandingFooter } from './components/LandingFooter';
import { LandingHeader } from './components/LandingHeader';
import { Pricing } from './components/Pricing';

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
      <EarlyAccessModal isOpen={isEarlyAccessOpen} onClose={() => setIsEarlyAccessOpen(false)} />
    </div>
  );
}
