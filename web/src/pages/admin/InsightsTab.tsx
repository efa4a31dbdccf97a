// Insights (docs/decisions/0044): the last 12 weeks of requests, matches, trades and support, and the
// active requests by base and position, as charts with a table of the same figures each. The server
// counts them (GET /api/admin/insights, held a minute); this tab only draws them. Loaded with the tab
// (a chunk of its own), read once each time the tab opens: nothing pushes these figures live.
import { useCallback, useEffect, useState } from 'react';
import { POSITIONS, type Position } from '#protocol/enums.ts';
import type { InsightsReport, InsightsWeek } from '#protocol/shapes.ts';
import { api } from '../../api/client.ts';
import { clockTime } from '../../lib/dates.ts';
import { POSITION_LABELS } from '../../lib/format.ts';
import { INSIGHTS_TEXT as T } from '../../texts/insights.ts';
import { ChartFigure, StackedBars, WeeklyChart, type Series } from './InsightsCharts.tsx';
import { count, durationText, hours, percent, weekLabel } from './insightsFormat.ts';
import './insights.css';

/** A table of one value a week: the week, then a column a field. */
function WeeksTable({ title, weeks, columns }: { title: string; weeks: InsightsWeek[]; columns: [string, (w: InsightsWeek) => string][] }) {
  return (
    <table className="table insights-data">
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{T.weekOf}</th>
          {columns.map(([header]) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((w) => (
          <tr key={w.weekStart}>
            <th scope="row">{weekLabel(w.weekStart)}</th>
            {columns.map(([header, cell]) => (
              <td key={header}>{cell(w)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeeklyFigures({ weeks }: { weeks: InsightsWeek[] }) {
  const labels = weeks.map((w) => weekLabel(w.weekStart));
  const activity: Series[] = [
    { key: 'requests', label: T.requestsPosted, tone: 'series-1', values: weeks.map((w) => w.requestsPosted) },
    { key: 'matches', label: T.matchesMade, tone: 'series-2', values: weeks.map((w) => w.matchesMade) },
    { key: 'trades', label: T.tradesCompleted, tone: 'series-3', values: weeks.map((w) => w.tradesCompleted) },
  ];
  const markers = ['circle', 'square', 'diamond'] as const;
  const none = (v: number | null, show: (v: number) => string) => (v === null ? T.none : show(v));
  return (
    <>
      <ChartFigure
        title={T.activityTitle}
        description={T.activityNote}
        legend={activity.map((s, i) => ({ label: s.label, tone: s.tone, marker: markers[i] }))}
        table={
          <WeeksTable
            title={T.activityTitle}
            weeks={weeks}
            columns={[
              [T.requestsPosted, (w) => count(w.requestsPosted)],
              [T.matchesMade, (w) => count(w.matchesMade)],
              [T.tradesCompleted, (w) => count(w.tradesCompleted)],
            ]}
          />
        }
      >
        {(width) => <WeeklyChart kind="lines" weeks={labels} series={activity} markers={[...markers]} width={width} format={count} />}
      </ChartFigure>
      <div className="insights-pair">
        <ChartFigure
          title={T.shareTitle}
          description={T.shareNote}
          table={
            <WeeksTable
              title={T.shareTitle}
              weeks={weeks}
              columns={[
                [T.matchesMade, (w) => count(w.matchesMade)],
                [T.becameTrades, (w) => count(w.matchesTraded)],
                [T.share, (w) => none(w.matchShare, percent)],
              ]}
            />
          }
        >
          {(width) => (
            <WeeklyChart
              kind="bars"
              weeks={labels}
              series={[{ key: 'share', label: T.share, tone: 'series-3', values: weeks.map((w) => w.matchShare) }]}
              ticks={[0, 0.25, 0.5, 0.75, 1]}
              width={width}
              format={percent}
            />
          )}
        </ChartFigure>
        <ChartFigure
          title={T.supportTitle}
          description={T.supportNote}
          legend={[
            { label: T.filed, tone: 'series-1' },
            { label: T.answered, tone: 'series-2' },
          ]}
          table={
            <WeeksTable
              title={T.supportTitle}
              weeks={weeks}
              columns={[
                [T.filed, (w) => count(w.supportRequests)],
                [T.answered, (w) => count(w.supportAnswered)],
              ]}
            />
          }
        >
          {(width) => (
            <WeeklyChart
              kind="bars"
              weeks={labels}
              series={[
                { key: 'filed', label: T.filed, tone: 'series-1', values: weeks.map((w) => w.supportRequests) },
                { key: 'answered', label: T.answered, tone: 'series-2', values: weeks.map((w) => w.supportAnswered) },
              ]}
              width={width}
              format={count}
            />
          )}
        </ChartFigure>
        <ChartFigure
          title={T.answerTitle}
          description={T.answerNote}
          table={
            <WeeksTable
              title={T.answerTitle}
              weeks={weeks}
              columns={[
                [T.answered, (w) => count(w.supportAnswered)],
                [T.medianAnswer, (w) => none(w.medianAnswerSeconds, durationText)],
              ]}
            />
          }
        >
          {(width) => (
            <WeeklyChart
              kind="bars"
              weeks={labels}
              series={[
                {
                  key: 'median',
                  label: T.medianAnswer,
                  tone: 'series-2',
                  values: weeks.map((w) => (w.medianAnswerSeconds === null ? null : w.medianAnswerSeconds / 3600)),
                },
              ]}
              integers={false}
              width={width}
              format={hours}
            />
          )}
        </ChartFigure>
      </div>
    </>
  );
}

const POSITION_TONE: Record<Position, string> = { captain: 'tone-captain', first_officer: 'tone-first-officer', flight_attendant: 'tone-flight-attendant' };
const positionLabel = (p: string) => POSITION_LABELS[p as Position] ?? p;

function ActiveFigure({ active }: { active: InsightsReport['activeRequests'] }) {
  // A row a base, most requests first; a part a position, in the enum's order, then any other.
  const bases = [...new Set(active.map((a) => a.base))];
  const positions = [...POSITIONS, ...new Set(active.map((a) => a.position).filter((p) => !(POSITIONS as readonly string[]).includes(p)))];
  const of = (base: string, position: string) => active.find((a) => a.base === base && a.position === position)?.count ?? 0;
  const total = (base: string) => active.filter((a) => a.base === base).reduce((sum, a) => sum + a.count, 0);
  bases.sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  const shown = positions.filter((p) => active.some((a) => a.position === p));
  const rows = bases.map((base) => ({
    label: base,
    parts: shown.map((p) => ({ key: p, label: positionLabel(p), tone: POSITION_TONE[p as Position] ?? 'series-3', value: of(base, p) })),
  }));
  return (
    <ChartFigure
      title={T.activeTitle}
      description={T.activeNote}
      legend={shown.map((p) => ({ label: positionLabel(p), tone: POSITION_TONE[p as Position] ?? 'series-3' }))}
      table={
        <table className="table insights-data">
          <caption className="visually-hidden">{T.activeTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{T.base}</th>
              {shown.map((p) => (
                <th key={p} scope="col">
                  {positionLabel(p)}
                </th>
              ))}
              <th scope="col">{T.total}</th>
            </tr>
          </thead>
          <tbody>
            {bases.map((base) => (
              <tr key={base}>
                <th scope="row">{base}</th>
                {shown.map((p) => (
                  <td key={p}>{count(of(base, p))}</td>
                ))}
                <td>{count(total(base))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {(width) => (rows.length ? <StackedBars rows={rows} width={width} /> : <p className="muted">{T.noActive}</p>)}
    </ChartFigure>
  );
}

export default function InsightsTab() {
  const [report, setReport] = useState<InsightsReport | null>(null);
  const [failed, setFailed] = useState(false);

  /** Reads the report; `current` says whether this tab still wants the answer. */
  const read = useCallback((current: () => boolean) => {
    api
      .get('/api/admin/insights')
      .then((r) => current() && setReport(r))
      .catch(() => current() && setFailed(true));
  }, []);

  useEffect(() => {
    let current = true;
    read(() => current);
    return () => {
      current = false;
    };
  }, [read]);

  const retry = () => {
    setFailed(false);
    read(() => true);
  };

  if (!report) {
    return (
      <section className="card admin-section">
        {failed ? (
          <div role="alert" className="insights-failed">
            <p>{T.failed}</p>
            <button type="button" className="button button-outline" onClick={retry}>
              {T.retry}
            </button>
          </div>
        ) : (
          <p className="muted" role="status">
            {T.loading}
          </p>
        )}
      </section>
    );
  }
  return (
    <div className="insights">
      <div className="insights-head">
        <h2>{T.title}</h2>
        <p className="muted">
          {T.intro} {T.counted(clockTime(new Date(report.countedAt)))}
        </p>
      </div>
      <WeeklyFigures weeks={report.weeks} />
      <ActiveFigure active={report.activeRequests} />
    </div>
  );
}
