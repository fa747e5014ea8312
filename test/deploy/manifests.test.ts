import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The deployment as it would be applied: the Kubernetes base rendered by kustomize (as `kubectl apply -k` renders
 * it) and the compose file, parsed and checked against what the processes need and what the platform promises.
 * No cluster and no Docker engine are needed.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const DEPLOY = path.join(ROOT, 'deploy');

/** kustomize (installed by scripts/bootstrap.sh with `go install`), else `kubectl kustomize`. */
function render(): string {
  const gopath = (() => {
    try {
      return execFileSync('go', ['env', 'GOPATH'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  })();
  const candidates: [string, string[]][] = [
    ['kustomize', ['build', path.join(DEPLOY, 'k8s')]],
    [path.join(gopath, 'bin', 'kustomize'), ['build', path.join(DEPLOY, 'k8s')]],
    ['kubectl', ['kustomize', path.join(DEPLOY, 'k8s')]],
  ];
  for (const [command, args] of candidates) {
    try {
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error('neither kustomize nor kubectl is installed: run scripts/bootstrap.sh');
}

const SERVICES = { token: 4101, ingestion: 4102, 'fiscal-document': 4103, 'tax-simulation': 4104, settings: 4105 } as const;
const PROCESSES = { ...SERVICES, gateway: 4000 } as const;
type Name = keyof typeof PROCESSES;

const objects = parseAllDocuments(render()).map((doc) => doc.toJS());
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const deployment = (name: string) => ofKind('Deployment').find((d) => d.metadata.name === name);
const containerOf = (name: string) => deployment(name).spec.template.spec.containers[0];
const envOf = (name: string) => new Map<string, any>(containerOf(name).env.map((e: any) => [e.name, e]));
const secretKeys = new Set(Object.keys(parse(fs.readFileSync(path.join(DEPLOY, 'k8s', 'secret.template.yaml'), 'utf8')).stringData));

/** The users `deploy/nats/authorization.conf` defines (`user: "name"` or `user: name`). */
const natsUsers = new Set([...fs.readFileSync(path.join(DEPLOY, 'nats', 'authorization.conf'), 'utf8').matchAll(/\buser:\s*"?([a-z-]+)"?/g)].map((m) => m[1]));

const mebibytes = (quantity: string) => {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`memory ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
};

describe('deploy - the Kubernetes base, rendered by kustomize', () => {
  it('deploy - one Deployment and one Service per process, selectors and ports agreeing, in one namespace', () => {
    expect(ofKind('Deployment').map((d) => d.metadata.name).sort()).toEqual(Object.keys(PROCESSES).sort());
    expect(ofKind('Service').map((s) => s.metadata.name).sort()).toEqual(Object.keys(PROCESSES).sort());
    expect(new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace))).toEqual(new Set(['erp-faturamento']));
    for (const [name, port] of Object.entries(PROCESSES) as [Name, number][]) {
      const d = deployment(name);
      expect(d.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      expect(d.spec.template.metadata.labels).toMatchObject({ 'app.kubernetes.io/name': name });
      expect(d.spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      const container = containerOf(name);
      expect(container.name).toBe(name);
      expect(container.args).toEqual([`dist/${name}.js`]);
      expect(container.image).toBe('registry.example.com/erp-ingestao-faturamento:0.1.0');
      expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
      expect(envOf(name).get('PORT')?.value).toBe(String(port));
      const service = ofKind('Service').find((s) => s.metadata.name === name);
      expect(service.spec.selector).toEqual({ 'app.kubernetes.io/name': name });
      expect(service.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    }
  });

  it('deploy - every pod runs non-root on a read-only root, probes /readyz and /healthz, and is scraped at /metrics', () => {
    for (const name of Object.keys(PROCESSES)) {
      const pod = deployment(name).spec.template;
      expect(pod.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics', 'prometheus.io/port': 'http' });
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.spec.automountServiceAccountToken).toBe(false);
      const container = pod.spec.containers[0];
      expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
      // The V8 heap stays below the container's memory limit, so a big heap ends in a JavaScript error, not an OOM kill.
      const heap = Number(/--max-old-space-size=(\d+)/.exec(envOf(name).get('NODE_OPTIONS')?.value ?? '')?.[1]);
      expect(heap).toBeLessThanOrEqual(0.8 * mebibytes(container.resources.limits.memory));
      expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    }
  });

  it('deploy - the five services reach MongoDB and NATS JetStream, each as its own NATS user of authorization.conf; the gateway reaches only the services', () => {
    for (const name of Object.keys(SERVICES)) {
      const env = envOf(name);
      expect(env.get('MONGODB_URL')?.valueFrom.secretKeyRef.key).toBe('MONGODB_URL');
      expect(env.get('NATS_URL')?.valueFrom.secretKeyRef.key).toBe('NATS_URL');
      expect(env.get('NATS_USER')?.value).toBe(name);
      expect(env.get('NATS_PASSWORD')?.valueFrom.secretKeyRef.key).toBe(`NATS_PASSWORD_${name.toUpperCase().replace('-', '_')}`);
    }
    const users = Object.keys(SERVICES).map((name) => envOf(name).get('NATS_USER').value);
    expect(new Set(users)).toEqual(natsUsers);
    const gateway = envOf('gateway');
    for (const name of ['MONGODB_URL', 'NATS_URL', 'NATS_USER', 'NATS_PASSWORD', 'SETTINGS_ENCRYPTION_KEYS']) expect(gateway.has(name)).toBe(false);
    for (const [name, port] of Object.entries(SERVICES)) {
      expect(gateway.get(`${name.toUpperCase().replace('-', '_')}_SERVICE_URL`)?.value).toBe(`http://${name}:${port}`);
    }
    // The encryption keys reach the settings service alone; no PostgreSQL anywhere (production is MongoDB).
    expect(Object.keys(PROCESSES).filter((name) => envOf(name).has('SETTINGS_ENCRYPTION_KEYS'))).toEqual(['settings']);
    expect(JSON.stringify(objects)).not.toMatch(/postgres/i);
  });

  it('deploy - every secret a pod reads is in the secret template; the config map is the generated one', () => {
    const configMap = ofKind('ConfigMap')[0];
    expect(configMap.metadata.name).toMatch(/^erp-config-[a-z0-9]+$/);
    expect(configMap.data).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    for (const name of Object.keys(PROCESSES)) {
      expect(containerOf(name).envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }]);
      for (const entry of envOf(name).values()) {
        const ref = entry.valueFrom?.secretKeyRef;
        if (!ref) continue;
        expect(ref.name).toBe('erp-secrets');
        if (!ref.optional) expect({ name, key: ref.key, inTemplate: secretKeys.has(ref.key) }).toEqual({ name, key: ref.key, inTemplate: true });
      }
    }
  });

  it('deploy - the ingestion scales with a HorizontalPodAutoscaler; disruption budgets keep the replicated processes up', () => {
    const [hpa] = ofKind('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'ingestion' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics[0].resource).toMatchObject({ name: 'cpu', target: { type: 'Utilization' } });
    // The autoscaler owns the count: a fixed one would be reset at every apply.
    expect(deployment('ingestion').spec.replicas).toBeUndefined();
    expect(containerOf('ingestion').resources.requests.cpu).toBeDefined();
    const budgets = ofKind('PodDisruptionBudget');
    expect(budgets.map((b) => b.metadata.name).sort()).toEqual(['gateway', 'ingestion']);
    for (const budget of budgets) {
      expect(budget.spec.selector.matchLabels).toEqual(deployment(budget.metadata.name).spec.selector.matchLabels);
      expect(budget.spec.minAvailable).toBe(1);
    }
    expect(deployment('gateway').spec.replicas).toBeGreaterThanOrEqual(2);
  });
});

describe('deploy - the compose file and the image', () => {
  const compose = parse(fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true });

  it('deploy - compose runs every process from the image on MongoDB and NATS JetStream, each service as its NATS user, healthy on /readyz', () => {
    for (const [name, port] of Object.entries(PROCESSES)) {
      const service = compose.services[name];
      expect(service.command).toEqual([`dist/${name}.js`]);
      expect(service.environment.PORT).toBe(String(port));
      expect(service.environment.NODE_ENV).toBe('production');
      expect(service.read_only).toBe(true);
      expect(service.cap_drop).toEqual(['ALL']);
      expect(service.healthcheck.test.join(' ')).toContain('/readyz');
      if (name in SERVICES) {
        expect(service.environment.MONGODB_URL).toMatch(/^mongodb:\/\/mongodb:27017\/\?replicaSet=/);
        expect(service.environment.NATS_URL).toBe('nats://nats:4222');
        expect(service.environment.NATS_USER).toBe(name);
        expect(service.networks).toEqual(['data', 'edge']);
      } else {
        expect(service.environment.MONGODB_URL).toBeUndefined();
        expect(service.networks).toEqual(['edge']);
      }
    }
    expect(new Set(Object.keys(SERVICES).map((name) => compose.services[name].environment.NATS_USER))).toEqual(natsUsers);
    expect(compose.services.nats.command.join(' ')).toContain('nats-server.conf');
    expect(fs.readFileSync(path.join(DEPLOY, 'nats', 'nats-server.conf'), 'utf8')).toMatch(/jetstream/);
    expect(Object.keys(compose.services).filter((name) => /postgres/i.test(name) || /postgres/i.test(String(compose.services[name].image)))).toEqual([]);
    // Every variable compose requires is explained in .env.example.
    const composeText = fs.readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');
    const required = new Set([...composeText.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]));
    const example = fs.readFileSync(path.join(DEPLOY, '.env.example'), 'utf8');
    expect([...required].filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([]);
    expect(required.size).toBeGreaterThanOrEqual(9);
    expect(compose.networks.data.internal).toBe(true);
    expect(Object.keys(compose.services).filter((name) => compose.services[name].ports)).toEqual(['gateway']);
  });

  it('deploy - the image builds the TypeScript ahead of time, ships production dependencies only, runs one non-root node process', () => {
    const dockerfile = fs.readFileSync(path.join(DEPLOY, 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages;
    expect(build).toMatch(/npm install --include=dev/);
    expect(build).toMatch(/RUN npm run -s build/);
    expect(runtime).toMatch(/npm install --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist dist/);
    expect(runtime.split('\n').filter((line) => !line.startsWith('#') && /\btsx\b/.test(line))).toEqual([]);
    expect(runtime).toMatch(/^USER 1000:1000$/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["node", "--enable-source-maps", "--require", "\/app\/dist\/telemetry-preload\.js"\]$/m);
    expect(runtime).toMatch(/^CMD \["dist\/gateway\.js"\]$/m);
    // npm needs the manifest of every workspace the root package.json lists, in both stages.
    const workspaces = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const stage of [build, runtime]) {
      for (const workspace of workspaces) expect({ workspace, copied: stage.includes(`COPY ${workspace}/package.json ${workspace}/`) }).toEqual({ workspace, copied: true });
    }
    // The build context keeps the build script, and no secrets or local state.
    const ignore = fs.readFileSync(path.join(DEPLOY, 'Dockerfile.dockerignore'), 'utf8').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['scripts', '!scripts/build.ts', '**/.env', '.data', '**/node_modules']));
  });
});
