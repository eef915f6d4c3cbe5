import { NotFoundSuggestions } from '../islands/NotFoundSuggestions.tsx';
import { Search } from '../islands/Search.tsx';
import { Island } from './Island.tsx';
import { uiStrings } from '../strings.ts';

/** The 404 page's own text: why, a way back, pages like the address asked for, and search. */
export function NotFoundBody() {
  return (
    <div className="not-found">
      <p>{uiStrings.notFoundText}</p>
      <p>
        <a href="/doc/">{uiStrings.notFoundBack}</a>
      </p>
      <Island name="not-found-suggestions" component={NotFoundSuggestions} props={{}} />
      <p>{uiStrings.notFoundSearch}</p>
      <Island
        name="search"
        component={Search}
        props={{ mode: 'inline' }}
        className="not-found-search"
        idPrefix="not-found-"
      />
    </div>
  );
}
