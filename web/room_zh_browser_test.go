package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestRoomErrorInChinese: on a room's pages in Chinese, the server's
// answer to a command it refuses is shown in Chinese. Three steps into
// the lost wakeup, W1 is about to read a cell that can hold one value
// only there: the page offers to ask what W1 will read, and the server
// refuses the poll, as there is nothing to predict.
func TestRoomErrorInChinese(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	code, token := openRoom(t, b.base, "wg-lost-wakeup")
	pres := b.open(t, "/room/"+code+"/present?lang=zh&lesson=wg-lost-wakeup&token="+url.QueryEscape(token))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	for i := range 3 {
		pres.click(`button.thread[data-thread="W1"]`)
		pres.waitPosition(i + 1)
	}
	ask := `#room-ask button[data-kind="value"][data-thread="W1"]`
	pres.wait(`document.querySelector('` + ask + `') !== null`)
	pres.click(ask)
	pres.wait(`document.querySelector('#room-status').textContent !== ""`)
	got := pres.text(`#room-status`)
	if !strings.Contains(got, "没有可以预测的") || strings.Contains(got, "nothing to predict") {
		t.Errorf("the refused poll says %q on a page in Chinese; want it in Chinese", got)
	}
	pres.shot("room-presenter-error-zh")
	b.checkErrors(t)
}
