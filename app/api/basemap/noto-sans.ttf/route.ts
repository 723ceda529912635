// GET /api/basemap/noto-sans.ttf: Noto Sans (SIL Open Font License), which the map's print tool
// embeds in its PDF so Slovak letters (č, ľ, ť, ň…) print; served from the installed package.
import { packageFileRoute } from '../package-file';
import { preflight } from '@/lib/http';

export const GET = packageFileRoute('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', 'font/ttf');

export const OPTIONS = preflight;
