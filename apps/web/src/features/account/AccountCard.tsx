import type { ReactNode } from 'react';
import styles from './account.module.css';

/** The centred card every account screen sits in. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.wrap}>
      <section className={`card ${styles.card}`} aria-labelledby="account-card-title">
        <h1 id="account-card-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
