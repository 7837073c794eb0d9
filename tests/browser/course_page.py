"""What a course page that embeds a game runs: the script that sizes the frame (#frame) from the
embed's height messages, keeping each height in window.heights for the tests to read."""

HEIGHT_LISTENER = """<script>
  window.heights = [];
  addEventListener("message", (e) => {
    if (e.data && e.data.type === "kalah-embed-height") {
      window.heights.push(e.data.height);
      document.getElementById("frame").height = e.data.height;
    }
  });
</script>"""
