import { Link } from "react-router";

export const meta = () => [{ title: "Tianguis" }];

export default function Home() {
  return (
    <main>
      <h1>Tianguis</h1>
      <Link to="/?pagina=2">Siguiente</Link>
    </main>
  );
}
