import { useState } from "react";

/** About 35 KB of server-rendered HTML, as the reference page of ../shared/ENVIRONMENT.md. */
export function loader() {
  return {
    sections: Array.from({ length: 40 }, (_, i) => ({
      title: `Seção ${i + 1}`,
      items: Array.from(
        { length: 6 },
        (_, j) => `Item ${j + 1} da seção ${i + 1}: texto de exemplo para a página.`,
      ),
    })),
  };
}

export default function Home({ loaderData }: { loaderData: ReturnType<typeof loader> }) {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Página de referência</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        Cliques: {count}
      </button>
      {loaderData.sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <ul>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
