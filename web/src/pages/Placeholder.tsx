// Screens built by later work: the route exists and shows its heading.
import { Link } from 'react-router';
import { TEXT } from '../texts.ts';

export default function Placeholder({ title }: { title: string }) {
  return (
    <div className="page-inner">
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <div className="card empty-state">
        <p>{TEXT.comingSoon}</p>
        <Link to="/" className="button button-outline">
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
