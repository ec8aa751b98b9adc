package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every query in internal/store/sql is called by the code: a query nothing
// calls is dead weight that sqlc vet and every schema change still carry.
func TestEveryQueryIsCalled(t *testing.T) {
	fset := token.NewFileSet()
	defined := map[string]bool{}
	called := map[string]bool{}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", ".git", "web", "bin", ".data":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		inQueries := filepath.Base(filepath.Dir(path)) == "queries"
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if inQueries && n.Recv != nil && len(n.Recv.List) == 1 && ast.IsExported(n.Name.Name) {
					if star, ok := n.Recv.List[0].Type.(*ast.StarExpr); ok {
						if id, ok := star.X.(*ast.Ident); ok && id.Name == "Queries" && n.Name.Name != "WithTx" {
							defined[n.Name.Name] = true
						}
					}
				}
			case *ast.SelectorExpr:
				if !inQueries {
					called[n.Sel.Name] = true
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(defined) < 10 {
		t.Fatalf("found only %d queries: is the walk looking in the right place?", len(defined))
	}
	for name := range defined {
		if !called[name] {
			t.Errorf("query %s is never called: remove it from internal/store/sql", name)
		}
	}
}
