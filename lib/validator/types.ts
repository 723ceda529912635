// The validator's report shape (spec: Validator report).

/** One finding. `path` is a JSON Pointer into the checked document without the leading `/`
 * (`datasets/0/source/url`; `""` is the document itself). */
export interface Finding {
  path: string;
  code: string;
  message: string;
  hint?: string;
}

export interface Report {
  valid: boolean;
  summary: string;
  errors: Finding[];
  warnings: Finding[];
}
