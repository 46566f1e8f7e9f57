import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredLanguage } from './lib/language';

// The language this browser last used, before the first draw (decision 49).
applyStoredLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
