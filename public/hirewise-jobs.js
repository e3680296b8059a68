// Hirewise's jobs list for a company's own site:
//   <div id="hirewise-jobs"></div>
//   <script src="https://{hirewise}/hirewise-jobs.js" data-company="{slug}" async></script>
// Reads /companies/{slug}/jobs.json from the server the script came from and writes a plain list
// into the element (data-target names another id). Text only: job data never becomes markup.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var slug = script.getAttribute("data-company") || "";
  var target = document.getElementById(script.getAttribute("data-target") || "hirewise-jobs");
  if (!slug || !target) return;
  var origin = new URL(script.src, document.baseURI).origin;

  function line(tag, text, className) {
    var el = document.createElement(tag);
    el.className = className;
    el.textContent = text;
    return el;
  }

  function render(data) {
    var jobs = (data && data.jobs) || [];
    target.replaceChildren();
    if (!jobs.length) {
      target.appendChild(line("p", "No open jobs right now.", "hirewise-jobs-empty"));
      return;
    }
    var list = document.createElement("ul");
    list.className = "hirewise-jobs";
    jobs.forEach(function (job) {
      var item = document.createElement("li");
      var link = line("a", String(job.title || ""), "hirewise-job-title");
      var url = new URL(String(job.url || ""), origin);
      // Only a page on the server the list came from.
      if (url.origin !== origin) return;
      link.href = url.href;
      link.target = "_blank";
      link.rel = "noopener";
      item.appendChild(link);
      var parts = [job.location, job.locationType, job.type, job.salary && job.salary.text].filter(
        function (part, i, all) {
          // Each once: "Remote" is often both the place and the work location.
          return (
            part &&
            all
              .map(function (p) {
                return String(p).toLowerCase();
              })
              .indexOf(String(part).toLowerCase()) === i
          );
        },
      );
      item.appendChild(line("p", parts.join(" · "), "hirewise-job-meta"));
      list.appendChild(item);
    });
    target.appendChild(list);
  }

  fetch(origin + "/companies/" + encodeURIComponent(slug) + "/jobs.json", { credentials: "omit" })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(render)
    .catch(function () {
      target.replaceChildren(line("p", "The jobs could not be loaded.", "hirewise-jobs-error"));
    });
})();
