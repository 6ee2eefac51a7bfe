import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { keepFocus } from './app/shell/focus-keeper.ts';
import { secureStorage } from './machines/secure-storage.ts';
import './styles.css';

keepFocus();

// Preferences and list choices are read synchronously by the first render: they are decrypted first.
void secureStorage.load().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
