import { groupingModes, type GroupingMode } from './grouping.ts';
import styles from './album-list.module.css';

/** The three-way grouping switch of the album list: none, by year, by month. */
export function GroupingToggle({
  mode,
  onChange,
}: {
  mode: GroupingMode;
  onChange: (mode: GroupingMode) => void;
}) {
  return (
    <fieldset className={styles.toggle}>
      <legend className={styles.toggleLegend}>Group by</legend>
      <div className={styles.toggleOptions}>
        {groupingModes.map((option) => (
          <label key={option.mode} className={styles.toggleOption}>
            <input
              type="radio"
              name="album-grouping"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => onChange(option.mode)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
