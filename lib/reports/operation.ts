// POST /api/reports: "Nahlásiť problém" on every page and every dataset ("údaje sú nesprávne").
import { z } from 'zod';
import { REPORT_KINDS, REPORT_STATUSES } from '@/lib/db/schema/reports';
import { codedIssue, defineOperation } from '@/lib/operation/define';
import { datasetKey, lonLat } from '@/lib/operation/fields';
import { MAX_MESSAGE_CHARS } from './limits';
import { MAX_REPORTS_PER_WINDOW, submitReport } from './reports';

/** A request body larger than this is refused before it is read (413 payload_too_large). */
export const MAX_REPORT_BODY_BYTES = 16 * 1024;

/** An HTML tag, comment or declaration (`<b>`, `</a href>`, `<br/>`, `<!-- -->`); `a < b > c` and `<3` pass. */
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>|<[!?]/i;

const reportInput = z
  .object({
    kind: z.enum(REPORT_KINDS).default('site').describe('`site`: a problem with the website; `data`: the data of `dataset` are wrong.'),
    message: z
      .string()
      .trim()
      .min(1, 'write what is wrong')
      .max(MAX_MESSAGE_CHARS, `at most ${MAX_MESSAGE_CHARS} characters`)
      .describe(`What is wrong, plain text, 1-${MAX_MESSAGE_CHARS} characters; HTML tags are refused.`),
    email: z.email().max(254).optional().describe('Contact e-mail for an answer (optional).'),
    page: z.string().max(500).regex(/^\//, 'expected a path starting with /').optional().describe('The page the report is sent from (path and query).'),
    dataset: datasetKey.optional().describe('`provider/dataset` the report is about (its provider sees the count).'),
    point: lonLat.optional().describe('A point on the map the report is about, `[lon, lat]`.'),
  })
  .superRefine((v, ctx) => {
    if (HTML_TAG.test(v.message)) ctx.addIssue(codedIssue('invalid_input', 'HTML tags are not allowed; write plain text.', ['message']));
  });

const reportResult = z
  .object({
    id: z.number().int().describe('The report number.'),
    status: z.enum(REPORT_STATUSES).describe('`open` until the operator closes it.'),
  })
  .meta({ id: 'ReportReceipt' });

export type ReportReceipt = z.output<typeof reportResult>;
export type ReportInput = z.input<typeof reportInput>;

export const reportOperation = defineOperation({
  id: 'submitReport',
  tags: ['reports'],
  summary: 'Report a problem',
  description: `Stores a report about the website (\`kind: site\`) or about a dataset's data (\`kind: data\`) for the operator. Plain text only: a message with HTML tags answers 400 \`invalid_input\` and nothing is stored. A body over ${MAX_REPORT_BODY_BYTES} bytes answers 413 \`payload_too_large\`; more than ${MAX_REPORTS_PER_WINDOW} reports a minute from one address answer 429 \`too_many_requests\`.`,
  input: reportInput,
  output: reportResult,
  invalidCode: 'invalid_input',
  errors: ['payload_too_large', 'too_many_requests'],
  rest: { method: 'post', path: '/api/reports', from: 'body', success: ['201'] },
  run: (input, ctx: { clientAddress: string }) => submitReport(input, ctx),
});
