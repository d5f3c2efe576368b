import { QueryClientProvider } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { queryClient } from './api/queryClient';
import { router } from './routes';
import '@fontsource-variable/inter';
import './styles.css';

// The page's Content-Security-Policy forbids eval: zod validates without compiling code at runtime.
z.config({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* One stroke for every icon; their size follows the text (styles.css) unless a class sets it. */}
      <LucideProvider strokeWidth={1.8}>
        <RouterProvider router={router} />
      </LucideProvider>
    </QueryClientProvider>
  </StrictMode>,
);
