/** The game servers as a `<select>`'s options, by id with their shown name (trading, the market and reputation filters). */
export function ServerOptions({ servers }: { servers: readonly { id: string; name: string }[] }) {
  return (
    <>
      {servers.map((each) => (
        <option key={each.id} value={each.id}>
          {each.name}
        </option>
      ))}
    </>
  );
}
