import { useState } from "react";
import { useLoaderData } from "react-router";

const ROWS = 60;

export function meta() {
  return [{ title: "Floor: a list of 60 rows" }, { name: "description", content: "A bare React Router app, the bench's reference." }];
}

export function loader() {
  return { rows: Array.from({ length: ROWS }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}`, level: (index * 7) % 50 })) };
}

/** 60 server-rendered rows and one piece of state (the sort order), hydrated like any page. */
export default function List() {
  const { rows } = useLoaderData<typeof loader>();
  const [byLevel, setByLevel] = useState(false);
  const shown = byLevel ? [...rows].sort((a, b) => a.level - b.level) : rows;
  return (
    <main>
      <h1>Rows</h1>
      <button type="button" onClick={() => setByLevel((value) => !value)}>
        {byLevel ? "Sort by name" : "Sort by level"}
      </button>
      <ul>
        {shown.map((row) => (
          <li key={row.id}>
            {row.name}, level {row.level}
          </li>
        ))}
      </ul>
    </main>
  );
}
