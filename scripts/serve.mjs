#!/usr/bin/env node
// Serves a built site on 127.0.0.1 (the static server the browser tests use).
// Usage: node scripts/serve.mjs DIR [PORT]
import { serve } from '../tests/e2e/server.mjs';

const [dir = 'dist', port = '8080'] = process.argv.slice(2);
const server = await serve(dir, { port: Number(port) });
console.log(`serving ${dir} at ${server.url} (Ctrl-C to stop)`);
