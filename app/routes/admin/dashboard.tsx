/** The admin dashboard: the static sample statistics of B §2.8 and §9.7; the editors come with the admin work. */
const SAMPLE_STATS = [
  { label: "Arquivos JSON", value: "24" },
  { label: "Páginas publicadas", value: "18" },
  { label: "Planos ativos", value: "4" },
  { label: "Visitas no mês", value: "12.480" },
];

export default function AdminDashboard() {
  return (
    <section aria-labelledby="admin-titulo">
      <h1 id="admin-titulo">Dashboard</h1>
      <ul className="stat-grid">
        {SAMPLE_STATS.map((stat) => (
          <li key={stat.label} className="card stat">
            <p className="stat__title">{stat.label}</p>
            <p className="stat__value">{stat.value}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
