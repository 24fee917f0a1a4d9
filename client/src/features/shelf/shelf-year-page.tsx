// /shelf/{year}, a year in review (issue 41): how many items were finished each month, per kind,
// drawn as an SVG the server renders (no script, no client state), with the same figures in a
// table for screen readers and anyone who prefers numbers; the year's average rating and favourites.
import { NotFoundPage } from '../../app/error-page';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { ShelfBox } from '../../components/shelf-box';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { fromApiCategory, type CategoryValue } from '#kernel/post-rules.ts';
import { MONTH_NAMES, SHELF_KIND_LABELS, shelfYearPath, shelfYearText } from '#kernel/shelf-rules.ts';

const ShelfYearQuery = graphql(`
  query ShelfYearPage($year: Int!) {
    shelfYear(year: $year) {
      year
      finished
      averageRating
      perKindAndMonth {
        kind
        months
      }
      favourites {
        id
        ...ShelfBox_Item
      }
    }
  }
`);

interface KindMonths {
  kind: CategoryValue;
  months: number[];
}

const CHART = { width: 640, height: 240, left: 32, bottom: 28, top: 12 };

/** Stacked bars, one per month, one colour (and pattern of class) per kind; the figures are in the table too. */
function YearChart({ year, rows }: { year: number; rows: KindMonths[] }) {
  const totals = MONTH_NAMES.map((_, month) => rows.reduce((sum, row) => sum + row.months[month]!, 0));
  const max = Math.max(1, ...totals);
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left) / 12;
  const unit = plotHeight / max;
  const ticks = [...new Set([0, Math.ceil(max / 2), max])];
  return (
    <figure className="shelf-chart">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby="shelf-chart-title shelf-chart-desc"
        className="shelf-chart-svg"
      >
        <title id="shelf-chart-title">{`Items finished each month of ${year}`}</title>
        <desc id="shelf-chart-desc">{MONTH_NAMES.map((name, month) => `${name}: ${totals[month]}`).join(', ')}</desc>
        {ticks.map((tick) => {
          const y = CHART.top + plotHeight - tick * unit;
          return (
            <g key={tick} className="shelf-chart-grid">
              <line x1={CHART.left} x2={CHART.width} y1={y} y2={y} />
              <text x={CHART.left - 6} y={y + 4} textAnchor="end">
                {tick}
              </text>
            </g>
          );
        })}
        {MONTH_NAMES.map((name, month) => {
          let y = CHART.top + plotHeight;
          const x = CHART.left + month * slot + slot * 0.15;
          return (
            <g key={name}>
              {rows.map((row) => {
                const count = row.months[month]!;
                if (count === 0) return null;
                y -= count * unit;
                return (
                  <rect
                    key={row.kind}
                    className={`shelf-bar shelf-bar-${row.kind}`}
                    x={x}
                    y={y}
                    width={slot * 0.7}
                    height={count * unit}
                  />
                );
              })}
              <text className="shelf-chart-label" x={x + slot * 0.35} y={CHART.height - 8} textAnchor="middle">
                {name.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="shelf-legend" aria-label="Kinds">
          {rows.map((row) => (
            <li key={row.kind}>
              <span className={`shelf-swatch shelf-bar-${row.kind}`} aria-hidden="true" />
              {SHELF_KIND_LABELS[row.kind]}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

export function ShelfYearPage({ year }: { year: number }) {
  const { data, error } = useFreshQuery(ShelfYearQuery, { year });
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data) return <Spinner label="Loading the year" />;
  const review = data.shelfYear;
  if (review.finished === 0) return <NotFoundPage />;
  const text = shelfYearText(year);
  const rows: KindMonths[] = review.perKindAndMonth.map((row) => ({
    kind: (fromApiCategory(row.kind) || 'book') as CategoryValue,
    months: row.months,
  }));
  const perKind = rows.map((row) => [row.kind, row.months.reduce((sum, count) => sum + count, 0)] as const);
  return (
    <div className="container shelf-page">
      <PageMeta {...text} path={shelfYearPath(year)} />
      <p className="shelf-back">
        <a href="/shelf">The shelf</a>
      </p>
      <h1>{text.title}</h1>
      <p className="page-lead">{text.description}</p>
      <dl className="shelf-facts">
        <dt>Finished</dt>
        <dd>{review.finished}</dd>
        {perKind.map(([kind, count]) => (
          <div key={kind} className="shelf-fact-pair">
            <dt>{SHELF_KIND_LABELS[kind]}</dt>
            <dd>{count}</dd>
          </div>
        ))}
        <dt>Average rating</dt>
        <dd>{review.averageRating === null ? 'None rated' : `${review.averageRating} out of 5 stars`}</dd>
      </dl>
      <h2>Month by month</h2>
      <YearChart year={year} rows={rows} />
      <div className="shelf-table-wrap">
        <table className="shelf-table">
          <caption>Items finished in {year}, per kind and month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {rows.map((row) => (
                <th key={row.kind} scope="col">
                  {SHELF_KIND_LABELS[row.kind]}
                </th>
              ))}
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {MONTH_NAMES.map((name, month) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {rows.map((row) => (
                  <td key={row.kind}>{row.months[month]}</td>
                ))}
                <td>{rows.reduce((sum, row) => sum + row.months[month]!, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {review.favourites.length > 0 && (
        <section aria-labelledby="shelf-favourites">
          <h2 id="shelf-favourites">Favourites</h2>
          <ul className="shelf-grid">
            {review.favourites.map((item) => (
              <li key={item.id}>
                <ShelfBox item={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
