/**
 * Given to node before the entry file (`node --import tsx --import ./services/kit/src/telemetry-preload.ts …`,
 * or `node --require ./dist/telemetry-preload.js …` in the image): starts tracing when the `OTEL_*` variables
 * ask for it, before fastify, http, mongodb and graphql are first required, so their instrumentations apply.
 */
import { startTelemetry } from './telemetry';

startTelemetry();
