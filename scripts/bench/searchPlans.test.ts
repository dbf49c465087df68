import { planScans, summarizePlan } from './searchPlans';

const plan = {
  'Node Type': 'Nested Loop',
  Plans: [
    { 'Node Type': 'Index Only Scan', 'Index Name': 'search_documents_popular_idx', 'Relation Name': 'search_documents' },
    {
      'Node Type': 'Bitmap Heap Scan',
      'Relation Name': 'search_documents',
      Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Index Name': 'search_documents_tags_idx' }],
    },
    { 'Node Type': 'CTE Scan' },
    { 'Node Type': 'Index Only Scan', 'Index Name': 'search_documents_popular_idx' },
  ],
};

it('lists the scans of a plan once each, with their index or table', () => {
  expect(planScans(plan)).toEqual([
    'Index Only Scan search_documents_popular_idx',
    'Bitmap Heap Scan search_documents',
    'Bitmap Index Scan search_documents_tags_idx',
  ]);
});

it('adds the execution time and JIT', () => {
  expect(summarizePlan({ Plan: { 'Node Type': 'Seq Scan', 'Relation Name': 't' }, 'Execution Time': 1.234, JIT: {} })).toBe('Seq Scan t (1.23 ms, JIT)');
});
