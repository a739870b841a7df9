export function BridgeProblem({ message }: { message: string }) {
  return (
    <main className="bridge-problem" role="alert">
      <h1>Atelier cannot reach its core</h1>
      <p>{message}</p>
    </main>
  );
}
