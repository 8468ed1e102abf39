// Mini apps (/miniapps): the catalog, search, relevant apps, an app's page with its crawled meta
// tags, the emulator's host simulation for the developer's own app, and frame analytics.
import { useId, useState } from 'react';
import { DevPage, inputClass, Section, secondaryButtonClass } from '../DevPage';
import { AppPage } from './AppPage';
import { Catalog, Relevant } from './Catalog';
import { FrameAnalytics } from './FrameAnalytics';
import { HostSimulation } from './HostSimulation';

export function MiniappsPage() {
  return (
    <DevPage title="Mini apps" intro="The mini-app catalog, your app's meta tags, and users adding it.">
      <MiniappsScreen />
    </DevPage>
  );
}

function MiniappsScreen() {
  const [open, setOpen] = useState<string | undefined>();
  const [urlText, setUrlText] = useState('');
  const id = useId();
  return (
    <>
      <Section title="Open an app by URL">
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (urlText.trim()) setOpen(urlText.trim());
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Mini app URL
            </label>
            <input
              id={id}
              className={inputClass}
              value={urlText}
              onChange={(e) => setUrlText(e.target.value)}
            />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Crawl meta tags
          </button>
        </form>
      </Section>
      {open && <AppPage key={open} url={open} onClose={() => setOpen(undefined)} />}
      <Catalog onOpen={setOpen} />
      <Relevant onOpen={setOpen} />
      <HostSimulation />
      <FrameAnalytics />
    </>
  );
}
