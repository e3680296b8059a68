// A long-lived process that renders CVs, started by cv-render.ts: the render is CPU-bound (about a
// tenth of a second per page), so it runs here and never on the web process's event loop. Fonts
// are parsed once per process. Node runs this file as it is (it is not part of the server build):
// keep it, and what it imports, to erasable TypeScript and imports from node_modules.
import { createRequire } from "node:module";
import { Font, renderToBuffer } from "@react-pdf/renderer";
import { cvDocument, CV_FONT } from "./cv-document.ts";
import type { CvData, CvTemplate } from "./cv-data.ts";

export type CvRenderRequest = { id: number; cv: CvData; template: CvTemplate };
export type CvRenderReply =
  { id: number; ok: true; pdf: Uint8Array; cpuMs: number } | { id: number; ok: false; message: string };

const require = createRequire(import.meta.url);
// Full TTFs shipped in the npm package: every Latin Extended letter (Ł, ő, ë …) is embedded, where
// the built-in Helvetica would lose them; nothing is downloaded.
Font.register({
  family: CV_FONT,
  fonts: [
    { src: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf") },
    { src: require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"), fontWeight: 700 },
    {
      src: require.resolve("@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf"),
      fontStyle: "italic",
    },
  ],
});
// No hyphenation: "re- sponsibilities" would reach the extracted text that scoring reads.
Font.registerHyphenationCallback((word) => [word]);

// fontkit keeps the glyphs a render laid out on the parsed font, and the next document's text layer
// (what copying and scoring read) then misses letters ("Engin\u0014\u0014r"): each render starts
// with none, keeping the parsed font.
function forgetGlyphs(): void {
  for (const source of Font.getRegisteredFonts()[CV_FONT]?.sources ?? []) {
    const font = source.data as { _glyphs?: unknown[] } | null;
    if (font && "_glyphs" in font) font._glyphs = [];
  }
}

process.on("message", async ({ id, cv, template }: CvRenderRequest) => {
  let reply: CvRenderReply;
  const cpu = process.cpuUsage();
  try {
    // renderToBuffer's props type is DocumentProps; our element is a Document.
    const pdf = await renderToBuffer(cvDocument(cv, template) as Parameters<typeof renderToBuffer>[0]);
    const used = process.cpuUsage(cpu);
    reply = {
      id,
      ok: true,
      pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
      cpuMs: (used.user + used.system) / 1000,
    };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    forgetGlyphs();
  }
  process.send!(reply);
});
// The parent going away closes the channel: nothing is left to render for.
process.on("disconnect", () => process.exit(0));
