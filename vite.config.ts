import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  server: { port: Number(process.env.DEV_PORT ?? 5173), proxy: { '/api': api } },
  build: { chunkSizeWarningLimit: 700 },
});
