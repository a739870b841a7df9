import { useState } from 'react';
import { useAction } from '../backend/use-action';
import { ConnectForm } from './ConnectForm';
import { ErrorNote } from './Field';

/** First run: try the built-in sandbox at once, or connect a real account. */
export function FirstRun() {
  const sandbox = useAction('connection.useSandbox', ['connection.get', 'session.get']);
  const [step, setStep] = useState<'choose' | 'connect'>('choose');
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Welcome to Atelier</h1>
      <p className="lead">Choose how to start. You can change this later in Settings.</p>
      {step === 'choose' && (
        <div className="choices">
          <div className="card choice">
            <h2>Try the sandbox</h2>
            <p>
              A complete local platform on this computer, with a demo account. No sign-up, nothing leaves your machine.
            </p>
            <button type="button" className="primary" onClick={() => sandbox.mutate({})} disabled={sandbox.isPending}>
              {sandbox.isPending ? 'Starting the sandbox…' : 'Try the sandbox'}
            </button>
            <ErrorNote error={sandbox.error} />
          </div>
          <div className="card choice">
            <h2>Connect my account</h2>
            <p>Use your Content Creation Platform account: its address, and the client ID and secret for Atelier.</p>
            <button type="button" onClick={() => setStep('connect')}>
              Connect my account
            </button>
          </div>
        </div>
      )}
      {step === 'connect' && (
        <div className="card narrow">
          <h2>Connect my account</h2>
          <ConnectForm />
          <button type="button" className="link" onClick={() => setStep('choose')}>
            Back
          </button>
        </div>
      )}
    </main>
  );
}
