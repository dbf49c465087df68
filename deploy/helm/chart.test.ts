import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { federationName } from '../../scripts/lib/workspaces.cjs';

// The chart cannot be rendered here (no helm binary; README "Images and the Helm chart" says what to run first where
// helm is): what can be known from its files is checked here. Helm validates values against values.schema.json itself.
const CHART = path.join(__dirname, 'fable');
const TEMPLATES = path.join(CHART, 'templates');
const templates = Object.fromEntries(readdirSync(TEMPLATES).map((file) => [file, readFileSync(path.join(TEMPLATES, file), 'utf8')]));
const yamlOf = (file: string) => parse(readFileSync(path.join(CHART, file), 'utf8')) as Record<string, unknown>;
const values = yamlOf('values.yaml');
const schema = JSON.parse(readFileSync(path.join(CHART, 'values.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);
const deployment = (id: string) => JSON.parse(readFileSync(path.join(__dirname, '..', 'deployments', `${id}.json`), 'utf8')) as { remotes: Record<string, { enabled?: boolean }> };

/** Helm's merge of a values file over the chart's: maps deeply, anything else replaced. */
function merged(base: unknown, over: unknown): unknown {
  if (typeof base !== 'object' || base === null || Array.isArray(base) || typeof over !== 'object' || over === null || Array.isArray(over)) return over;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) out[key] = merged(out[key], value);
  return out;
}

it('is a Helm 3 chart', () => {
  expect(yamlOf('Chart.yaml')).toMatchObject({ apiVersion: 'v2', name: 'fable', type: 'application', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
});

it('has values its schema accepts, the chart\'s and a partner\'s over them, and the schema refuses a wrong one', () => {
  const partner = merged(values, yamlOf('values-partner-x.yaml'));
  for (const candidate of [values, partner]) expect([validate(candidate), validate.errors]).toEqual([true, null]);
  const wrong = [
    merged(values, { api: { envSecret: 'postgres://user:password@db/fable' } }),
    merged(values, { remotes: { 'mf-chat': { enabled: 'yes', tag: '0.1.0', host: 'chat.example' } } }),
    merged(values, { image: { tag: 'latest tag' } }),
    merged(values, { api: { databaseUrl: 'postgres://secret' } }),
  ];
  for (const candidate of wrong) expect(validate(candidate)).toBe(false);
});

it('reads only values that exist, and includes only templates it defines', () => {
  const defined = new Set([...Object.values(templates).join('\n').matchAll(/\{\{-?\s*define\s+"([^"]+)"/g)].map((m) => m[1]));
  for (const [file, text] of Object.entries(templates)) {
    for (const [, reference] of text.matchAll(/\$?\.Values((?:\.[A-Za-z_]\w*)+)/g)) {
      let node: unknown = values;
      for (const key of reference!.slice(1).split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
      expect([file, reference, node === undefined]).toEqual([file, reference, false]);
    }
    for (const [, name] of text.matchAll(/include\s+"([^"]+)"/g)) expect([file, name, defined.has(name!)]).toEqual([file, name, true]);
  }
});

it('closes every block it opens', () => {
  for (const [file, text] of Object.entries(templates)) {
    const opened = [...text.matchAll(/\{\{-?\s*(if|range|with|define)\b/g)].length;
    const closed = [...text.matchAll(/\{\{-?\s*end\s*-?\}\}/g)].length;
    expect([file, opened]).toEqual([file, closed]);
    expect([file, [...text.matchAll(/\{\{/g)].length]).toEqual([file, [...text.matchAll(/\}\}/g)].length]);
  }
});

it('runs every container as a user on a read-only file system, the API with its probes, metrics and a grace longer than its own', () => {
  const workloads = Object.entries(templates).filter(([, text]) => /^kind: Deployment$/m.test(text));
  expect(workloads.map(([file]) => file).sort()).toEqual(['api.yaml', 'remotes.yaml', 'site.yaml']);
  for (const [file, text] of workloads) {
    expect([file, text.includes('include "fable.podSecurityContext"'), text.includes('include "fable.containerSecurityContext"')]).toEqual([file, true, true]);
    expect([file, /mountPath: \/tmp/.test(text)]).toEqual([file, true]);
    expect([file, /readinessProbe/.test(text) && /livenessProbe/.test(text)]).toEqual([file, true]);
  }
  expect(templates['_helpers.tpl']).toMatch(/runAsNonRoot: true[\s\S]*readOnlyRootFilesystem: true[\s\S]*drop: \[ALL\]/);
  expect(templates['api.yaml']).toContain('path: /api/health/ready');
  expect(templates['api.yaml']).toContain('path: /api/health/live');
  expect(templates['api.yaml']).toContain('terminationGracePeriodSeconds: {{ add .Values.api.shutdownGraceSeconds 10 }}');
  expect(templates['api.yaml']).toContain('secretRef: { name: {{ .Values.api.envSecret | quote }} }');
  for (const text of Object.values(templates)) expect(text).not.toMatch(/kind:\s*Secret\b/);
});

it('has a disruption budget for every workload and an autoscaler for the API and the site, TLS on the ingress', () => {
  expect(templates['availability.yaml']).toContain('kind: PodDisruptionBudget');
  expect(templates['availability.yaml']).toContain('kind: HorizontalPodAutoscaler');
  expect(templates['availability.yaml']).toContain('range $component := list "api" "site"');
  expect(templates['remotes.yaml']).toContain('kind: PodDisruptionBudget');
  expect(templates['ingress.yaml']).toMatch(/tls:\n\s+- secretName: \{\{ \.Values\.ingress\.tls\.secretName \}\}/);
});

it('lists the remotes of the deployments: all of main\'s, and for a partner those its deployment enables', () => {
  const enabled = (remotes: Record<string, { enabled: boolean }>) => Object.fromEntries(Object.entries(remotes).map(([folder, remote]) => [federationName(folder), remote.enabled]));
  const fromDeployment = (id: string) => Object.fromEntries(Object.entries(deployment(id).remotes).map(([name, remote]) => [name, remote.enabled ?? true]));
  expect(enabled(values.remotes as Record<string, { enabled: boolean }>)).toEqual(fromDeployment('main'));
  const partner = merged(values, yamlOf('values-partner-x.yaml')) as { remotes: Record<string, { enabled: boolean }>; brand: string };
  expect(enabled(partner.remotes)).toEqual(fromDeployment(partner.brand));
});
