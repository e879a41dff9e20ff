import { Link, useLocation } from 'react-router-dom';
import { demos, games } from '../../shared/catalog.ts';
import { useCurrentUser } from '../../api/session.ts';
import styles from './home.module.css';
import { SplashCube } from './SplashCube.tsx';

/** The home page: the splash cube, and the way into the games, demos and member screens. */
export default function HomePage() {
  const { user } = useCurrentUser();
  const accountDeleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted;
  return (
    <div className="page">
      {accountDeleted && !user && (
        <p className={`card success-text ${styles.farewell}`} role="status">
          Your account was deleted. Thank you for the time you spent here.
        </p>
      )}
      <section className={styles.hero}>
        <div className={styles.intro}>
          <h1 className={styles.heading}>{user ? `Welcome back, ${user.displayName}` : 'Welcome'}</h1>
          <p>
            Games to play, mathematics to explore, and — for family and friends — photo albums to share and a
            place for your files.
          </p>
          <div className="row">
            {user ? (
              <Link className="btn btn-primary" to="/profile">
                Your profile
              </Link>
            ) : (
              <>
                <Link className="btn btn-primary" to="/create-account">
                  Create Account
                </Link>
                <Link className="btn" to="/login">
                  Log in
                </Link>
              </>
            )}
          </div>
        </div>
        <div className={styles.cube}>
          <SplashCube />
        </div>
      </section>
      <section className={styles.section} aria-labelledby="games-heading">
        <h2 id="games-heading">Games</h2>
        <div className={styles.grid}>
          {games.map((g) => (
            <Link key={g.slug} className={styles.tile} to={`/games/${g.slug}`}>
              <strong>{g.title}</strong>
              <span>{g.blurb}</span>
            </Link>
          ))}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="demos-heading">
        <h2 id="demos-heading">Demos</h2>
        <div className={styles.grid}>
          {demos.map((d) => (
            <Link key={d.slug} className={styles.tile} to={`/demos/${d.slug}`}>
              <strong>{d.title}</strong>
              <span>{d.blurb}</span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
