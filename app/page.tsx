// The home page. The full-screen map replaces this overview once the map website lands.
import Link from 'next/link';

export const dynamic = 'force-dynamic';

export default function HomePage() {
  return (
    <main style={{ maxWidth: 760, margin: '2rem auto', padding: '0 1rem' }}>
      <h1>Geodáta Slovenska</h1>
      <p>
        Portál zhromažďuje mapové dáta nezávislých poskytovateľov a sprístupňuje ich občanom na mape,
        AI asistentom cez MCP a <code>llms.txt</code> a poskytovateľom cez validátor a registráciu.
      </p>
      <ul>
        <li><Link href="/api/catalog">Katalóg datasetov (JSON)</Link></li>
        <li><Link href="/api/places?query=Žilina">Vyhľadávanie miest (JSON)</Link></li>
      </ul>
    </main>
  );
}
