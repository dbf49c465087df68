/** One-line summaries of EXPLAIN (FORMAT JSON) output: the scans of a plan and the indexes they use. */

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export interface ExplainJson {
  Plan: PlanNode;
  'Execution Time'?: number;
  JIT?: unknown;
}

const SCANS = /Scan$/;
const SKIPPED = new Set(['CTE Scan', 'Function Scan', 'Subquery Scan', 'Values Scan', 'Result']);

/** The plan's scans in plan order, each once: "Index Only Scan search_documents_popular_idx", "Seq Scan t". */
export function planScans(plan: PlanNode): string[] {
  const seen: string[] = [];
  const walk = (node: PlanNode) => {
    const type = node['Node Type'];
    if (SCANS.test(type) && !SKIPPED.has(type)) {
      const target = node['Index Name'] ?? node['Relation Name'] ?? '';
      const entry = `${type} ${target}`.trim();
      if (!seen.includes(entry)) seen.push(entry);
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return seen;
}

/** "Index Only Scan search_documents_popular_idx; … (1.2 ms)", with JIT noted when the server compiled the plan. */
export function summarizePlan(explain: ExplainJson): string {
  const time = explain['Execution Time'];
  const jit = explain.JIT ? ', JIT' : '';
  return `${planScans(explain.Plan).join(' + ')}${time === undefined ? '' : ` (${time.toFixed(2)} ms${jit})`}`;
}
