// The trend of one object's chart, shown as __dm_trend for datasets coloured by trend. The rule is
// the protocol's, shared with the detail chart: lib/protocol/shared/trend.ts (and lib/data/README.md).
export { computeTrend, trendThreshold } from '@/lib/protocol/shared/trend';
