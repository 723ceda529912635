// MCP prompts: two guided questions an assistant can offer a person (Slovak, as the portal's users).
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { USE_CASES } from '@/lib/protocol/types';

interface PortalPrompt extends Prompt {
  render(args: Record<string, string>): string;
}

const PROMPTS: PortalPrompt[] = [
  {
    name: 'co-je-na-adrese',
    title: 'Čo je na adrese',
    description: 'Čo leží na adrese a v jej okolí (riziká, obmedzenia, služby) so zreteľom na zámer: miesto → nearby s účelom.',
    arguments: [
      { name: 'adresa', description: 'Adresa alebo názov miesta, napr. „Štúrova 12, Nitra“.', required: true },
      { name: 'ucel', description: `Zámer (voliteľný): ${USE_CASES.join(', ')}; bez neho housing.`, required: false },
    ],
    render: ({ adresa, ucel }) => {
      const purpose = ucel && (USE_CASES as readonly string[]).includes(ucel) ? ucel : 'housing';
      return [
        `Zisti, čo je na adrese „${adresa}“ a v jej okolí, pre zámer ${purpose}.`,
        '',
        'Postup s nástrojmi portálu Geodáta Slovenska:',
        `1. Zavolaj \`nearby\` s \`place\`: "${adresa}" a \`purpose\`: "${purpose}" (polomer nechaj predvolený, 500 m).`,
        '   Ak odpovie `unknown_place`, skús `find_place` s kratším textom (ulica a obec) a potom `nearby` s `point`.',
        '   Ak `find_place` nájde viac rovnomenných miest, opýtaj sa, ktoré myslím (ukáž okres a `near`).',
        '2. Zhrň výsledky po datasetoch, riziká a obmedzenia najprv. `status: "ok"` s prázdnymi `hits` znamená, že v okolí nič nie je;',
        '   `status: "error"` znamená, že zdroj neodpovedal — povedz, že údaj sa nepodarilo overiť, a nevyvodzuj, že riziko nehrozí.',
        '3. Pri každom údaji uveď zdroj (`attribution`) a na konci daj odkaz na mapu (`map`).',
      ].join('\n');
    },
  },
  {
    name: 'porovnaj-obec',
    title: 'Porovnaj obec',
    description: 'Ako je na tom obec v porovnaní so Slovenskom: obec → súhrny celoštátnych datasetov.',
    arguments: [
      { name: 'obec', description: 'Názov obce alebo mesta, prípadne s okresom v zátvorke, napr. „Nová Ves (Dunajská Streda)“.', required: true },
      { name: 'tema', description: 'Téma porovnania (voliteľná), napr. „ovzdušie“, „vek obyvateľov“; bez nej obyvateľstvo obcí.', required: false },
    ],
    render: ({ obec, tema }) =>
      [
        `Porovnaj obec „${obec}“ so zvyškom Slovenska${tema?.trim() ? ` (téma: ${tema.trim()})` : ''}.`,
        '',
        'Postup s nástrojmi portálu Geodáta Slovenska:',
        `1. Zavolaj \`find_place\` s \`query\`: "${obec}" a \`types\`: ["obec", "mesto", "mestská časť"]; vezmi \`municipality.code\` a \`point\` obce. Ak je obcí s týmto názvom viac, opýtaj sa, ktorú myslím (okres, \`near\`).`,
        `2. Zavolaj \`catalog\` so \`search\`: "${tema?.trim() || 'obce'}" a \`point\` obce; vyber riadky s \`kind\` "geojson", \`coverage\` "Slovakia" a \`pointQuery\` true (nie \`sample\`).`,
        '3. Pre každý zavolaj `summary` s `dataset` a `municipality` (kód obce). Ak odpovie `raster_dataset`, dataset vynechaj.',
        '4. Porovnaj: hodnoty obce (`own`), jej poradie (`own[].rank`: pozícia z počtu), triedu (`own[].category`) a najvyššie a najnižšie hodnoty (`rankings`) celého územia.',
        '5. Pri každom čísle uveď zdroj (`attribution`) a rok alebo parameter (`params`).',
      ].join('\n'),
  },
];

export function listPrompts(): Prompt[] {
  return PROMPTS.map(({ render: _render, ...p }) => p);
}

export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} not found; prompts/list names ${PROMPTS.map((p) => p.name).join(', ')}.`);
  for (const a of prompt.arguments ?? []) {
    if (a.required && !args[a.name]?.trim()) throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} needs the argument "${a.name}": ${a.description}`);
  }
  return { description: prompt.description, messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }] };
}
